import { AssertionError, LiquidError } from 'liquidjs'
import { escapeHtml } from './liquid/escape.js'
import { routedPage, type RoutedPage } from './routes/page.js'
import { RenderLimitError } from './render.js'

/**
 * What the theme did wrong, or null when the failure is the platform's (a database away, a bug):
 * a render bound passed (time, memory, output), a Liquid file that does not parse or a tag that
 * fails on the theme's own terms. Only these are the merchant's to fix, and only their messages
 * (liquidjs names the file, line and tag; never a stack) are safe to show them.
 */
export function themeFault(error: unknown): string | null {
  const root = rootCause(error)
  const message = error instanceof Error ? error.message : String(error)
  if (root instanceof RenderLimitError) return root.message
  // liquidjs' own bound (memory, time) asserted deep in a tag: the outer message names the file and line.
  if (root instanceof AssertionError) return message
  if (root instanceof LiquidError) return root.message
  // A tag or the theme's file system refusing what the theme asked for (a snippet it lacks) throws
  // a plain Error inside liquidjs; anything of another class (database, TypeError) is ours.
  if (error instanceof LiquidError && root instanceof Error && root.constructor === Error) return message
  return null
}

/** liquidjs wraps what a tag threw in a RenderError (`originalError`), a render inside another render again. */
function rootCause(error: unknown): unknown {
  let current = error
  for (let depth = 0; depth < 20; depth++) {
    const inner = (current as { originalError?: unknown } | null)?.originalError
    if (inner === undefined || inner === current) return current
    current = inner
  }
  return current
}

/** The template a theme may give its error page (Shopify has none; ours is optional). */
export const ERROR_TEMPLATE = '500'

/** The error page as a themed page: `templates/500.liquid` when the theme has one, else its layout around `errorContent`. */
export function errorPage(path: string, title: string): RoutedPage {
  return routedPage({ template: ERROR_TEMPLATE, pageType: 'error', status: 500, title, canonicalPath: path })
}

/** What the layout wraps when the theme has no error template: the platform's words, in the theme's frame. */
export function errorContent(requestId: string): string {
  return `<main class="page-width storefront-error"><h1>Something went wrong</h1><p>This page could not be shown. Please try again in a moment (reference ${escapeHtml(requestId)}).</p></main>`
}
