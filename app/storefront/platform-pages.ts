import { escapeHtml } from './liquid/escape.js'

// The platform's own pages on store hosts, for when no theme can answer: an unknown store, a
// store without a theme yet, a theme that failed to render. No internals, ever.

function page(title: string, text: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1rem;color:#1a1a1a}h1{font-size:1.5rem}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body>
</html>
`
}

export const UNKNOWN_STORE_PAGE = page(
  'Store not found',
  'There is no store at this address. Check the address and try again.',
)

export function storeErrorPage(requestId: string): string {
  return page(
    'Something went wrong',
    `This page could not be shown. Please try again in a moment (reference ${requestId}).`,
  )
}

export const STORE_NOT_READY_PAGE = page('Opening soon', 'This store is being set up. Please come back in a moment.')

/** A store in maintenance whose theme has no password template. */
export function maintenancePage(message: string): string {
  return page('We will be back soon', message || 'This store is closed for maintenance. Please come back later.')
}
