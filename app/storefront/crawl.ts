import { sitemapCounts, sitemapEntries, SITEMAP_TYPES, type SitemapType } from '../../projections/storefront/sitemap.js'
import type { AnyDb } from '../../infra/database/database.js'
import { escapeHtml } from './liquid/escape.js'
import { prefixOf } from './locale.js'
import type { StorefrontResponse } from './response.js'

/** The sitemap protocol's cap on URLs per file: larger sets split into `sitemap_<type>_2.xml` … */
export const SITEMAP_MAX_URLS = 50_000

export interface CrawlContext {
  db: AnyDb
  storeId: string
  origin: string
  now: Date
  defaultLocale: string
  enabledLocales: readonly string[]
}

const xml = (body: string): StorefrontResponse => ({
  status: 200,
  headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  body: `<?xml version="1.0" encoding="UTF-8"?>\n${body}`,
})

/** robots.txt: what crawlers may skip (carts, searches, filtered and sorted listings) and where the sitemap is. */
function robots(origin: string): StorefrontResponse {
  return {
    status: 200,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
    body: [
      'User-agent: *',
      'Disallow: /cart',
      'Disallow: /search',
      'Disallow: /*?*filter.',
      'Disallow: /*?*sort_by',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n'),
  }
}

/** The sitemap files of a store with these counts: one per type and run of `max` URLs, none for an empty type. */
export function sitemapFiles(origin: string, counts: Record<SitemapType, number>, max = SITEMAP_MAX_URLS): string[] {
  return SITEMAP_TYPES.flatMap((type) =>
    Array.from({ length: Math.ceil(counts[type] / max) }, (_, index) => `${origin}/sitemap_${type}_${index + 1}.xml`),
  )
}

async function sitemapIndex(ctx: CrawlContext): Promise<StorefrontResponse> {
  const files = sitemapFiles(ctx.origin, await sitemapCounts(ctx.db, ctx.storeId, ctx.now))
  return xml(
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`,
  )
}

async function sitemap(ctx: CrawlContext, type: SitemapType, page: number): Promise<StorefrontResponse | null> {
  const entries = await sitemapEntries(ctx.db, ctx.storeId, type, page, SITEMAP_MAX_URLS, ctx.now)
  if (entries.length === 0 && page > 1) return null
  const url = (locale: string, path: string) => escapeHtml(`${ctx.origin}${prefixOf(locale, ctx.defaultLocale)}${path}`)
  const alternates = (path: string) =>
    ctx.enabledLocales.length > 1
      ? ctx.enabledLocales
          .map((locale) => `<xhtml:link rel="alternate" hreflang="${escapeHtml(locale)}" href="${url(locale, path)}"/>`)
          .join('')
      : ''
  const urls = entries.map(
    (entry) =>
      `  <url><loc>${url(ctx.defaultLocale, entry.path)}</loc><lastmod>${entry.updatedAt.toISOString()}</lastmod>${alternates(entry.path)}</url>`,
  )
  return xml(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
  )
}

/** `/robots.txt`, `/sitemap.xml` and `/sitemap_<type>_<n>.xml`; null for any other path (or a sitemap past the last). */
export async function crawlResponse(ctx: CrawlContext, path: string): Promise<StorefrontResponse | null> {
  if (path === '/robots.txt') return robots(ctx.origin)
  if (path === '/sitemap.xml') return sitemapIndex(ctx)
  const match = /^\/sitemap_([a-z]+)_([1-9]\d{0,5})\.xml$/.exec(path)
  const type = SITEMAP_TYPES.find((candidate) => candidate === match?.[1])
  return type ? sitemap(ctx, type, Number(match![2])) : null
}

/** Whether a path is a sitemap: the index or one of its parts. */
export const isSitemapPath = (path: string) => /^\/sitemap(_[a-z]+_\d+)?\.xml$/.test(path)
/** Whether a path is one `crawlResponse` may answer. */
export const isCrawlPath = (path: string) => path === '/robots.txt' || isSitemapPath(path)
