import { escapeHtml } from './liquid/escape.js'
import { prefixOf } from './locale.js'
import type { RoutedPage } from './routes/page.js'

/** JSON for a <script> element: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')

export interface HeadInput {
  page: RoutedPage
  origin: string
  locale: string
  defaultLocale: string
  enabledLocales: readonly string[]
  shopName: string
  /** The query of the request: a page number beyond the first is part of the canonical URL. */
  pageParam: number
}

/** The canonical URL of a page in a locale. */
export function canonicalUrl(
  input: Pick<HeadInput, 'page' | 'origin' | 'defaultLocale' | 'pageParam'>,
  locale: string,
): string {
  const prefix = prefixOf(locale, input.defaultLocale)
  const path = input.page.canonicalPath === '/' && prefix ? '' : input.page.canonicalPath
  return `${input.origin}${prefix}${path}${input.pageParam > 1 ? `?page=${input.pageParam}` : ''}`
}

/**
 * What the platform adds to every page's `content_for_header`: `hreflang` alternates for each
 * enabled locale (and x-default), and JSON-LD: the organization, the breadcrumbs and the page's
 * own (a Product with offers, a BlogPosting). Themes print canonical, Open Graph and Twitter
 * tags themselves from `canonical_url`, `page_title`, `page_description` and `page_image`.
 */
export function contentForHeader(input: HeadInput): string {
  const lines: string[] = []
  if (input.enabledLocales.length > 1 && input.page.status === 200) {
    for (const locale of input.enabledLocales)
      lines.push(
        `<link rel="alternate" hreflang="${escapeHtml(locale)}" href="${escapeHtml(canonicalUrl(input, locale))}">`,
      )
    lines.push(
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(canonicalUrl(input, input.defaultLocale))}">`,
    )
  }
  const data: Record<string, unknown>[] = [
    { '@context': 'https://schema.org', '@type': 'Organization', name: input.shopName, url: `${input.origin}/` },
  ]
  if (input.page.breadcrumbs.length) {
    const prefix = prefixOf(input.locale, input.defaultLocale)
    data.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: input.page.breadcrumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: `${input.origin}${prefix}${crumb.path}`,
      })),
    })
  }
  data.push(...input.page.jsonLd)
  for (const item of data) lines.push(`<script type="application/ld+json">${scriptJson(item)}</script>`)
  return lines.join('\n')
}
