import { sql } from 'kysely'
import { isUuid } from '../../domain/shared/ids.js'
import type { AnyDb } from '../../infra/database/database.js'

// What a store's sitemaps list: the shopper-visible products, collections, categories, pages and posts, read
// straight from their read models in pages of up to 50,000 (the sitemap protocol's cap). The
// rules are those of app/storefront/visibility.ts, written as SQL so a sitemap is one query.

export const SITEMAP_TYPES = ['products', 'collections', 'categories', 'pages', 'blogs'] as const
export type SitemapType = (typeof SITEMAP_TYPES)[number]

/** One URL of a sitemap: the path (without locale) and when it last changed. */
export interface SitemapEntry {
  path: string
  updatedAt: Date
}

function visibleNow(now: Date) {
  return sql`((status = 'PUBLISHED' and published_at <= ${now}) or (status = 'DRAFT' and publish_at <= ${now}))`
}

function query(type: SitemapType, storeId: string, now: Date) {
  switch (type) {
    case 'products':
      return sql`select '/products/' || handle as path, updated_at from products where store_id = ${storeId} and status = 'ACTIVE'`
    case 'collections':
      return sql`select '/collections/' || handle as path, updated_at from collections where store_id = ${storeId} and status = 'PUBLISHED'`
    // Every category is visible (visibility.ts): it has no publication of its own.
    case 'categories':
      return sql`select '/categories/' || path as path, updated_at from categories where store_id = ${storeId}`
    case 'pages':
      return sql`select '/pages/' || handle as path, updated_at from pages where store_id = ${storeId} and ${visibleNow(now)}`
    case 'blogs':
      return sql`select '/blogs/' || b.handle || '/' || p.handle as path, p.updated_at from posts p join blogs b on b.store_id = p.store_id and b.id = p.blog_id where p.store_id = ${storeId} and ${sql`((p.status = 'PUBLISHED' and p.published_at <= ${now}) or (p.status = 'DRAFT' and p.publish_at <= ${now}))`}`
  }
}

/** How many URLs each type of sitemap holds for the store now. */
export async function sitemapCounts(db: AnyDb, storeId: string, now: Date): Promise<Record<SitemapType, number>> {
  const counts = { products: 0, collections: 0, categories: 0, pages: 0, blogs: 0 }
  if (!isUuid(storeId)) return counts
  for (const type of SITEMAP_TYPES) {
    const { rows } = await sql<{
      count: string | number
    }>`select count(*) as count from (${query(type, storeId, now)}) entries`.execute(db)
    counts[type] = Number(rows[0]?.count ?? 0)
  }
  return counts
}

/** One sitemap's URLs: the `page`th (from 1) run of `size` in path order. */
export async function sitemapEntries(
  db: AnyDb,
  storeId: string,
  type: SitemapType,
  page: number,
  size: number,
  now: Date,
): Promise<SitemapEntry[]> {
  if (!isUuid(storeId)) return []
  const { rows } = await sql<{
    path: string
    updated_at: Date | string
  }>`${query(type, storeId, now)} order by path limit ${size} offset ${(page - 1) * size}`.execute(db)
  return rows.map((row) => ({ path: row.path, updatedAt: new Date(row.updated_at) }))
}
