import { sql, type Kysely, type Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import type { ProductStatus } from '../../../domain/catalog/product/events.js'
import { createSearchLanguageTable, languageVector } from './search-language.js'
import { createFilterIndexes } from './filters.js'
import {
  bigint,
  createVariantTables,
  type PRODUCT_OPTIONS_TABLE,
  type PRODUCT_VARIANTS_TABLE,
} from './variant-tables.js'
import { ENTITY_KEYS, ENTITY_VERSION } from '../../shared/entity-table.js'
import { column, createTable, table, type DatabaseOf, type RowOf } from '../../shared/table.js'

/** One row per live product; deleted products are removed. */
export const PRODUCTS_TABLE = table(
  'products',
  {
    ...ENTITY_KEYS,
    title: column.text(),
    handle: column.text(),
    description: column.text().default(''),
    status: column.text<ProductStatus>(),
    vendor: column.text().default(''),
    tags: column.textArray().default(sql`'{}'::text[]`),
    ...ENTITY_VERSION,
    /** tsvector over title, handle, vendor, tags, SKUs and description; read as text, only queried through SQL. */
    search: column.ofType<string>(sql`tsvector`).default(sql`''::tsvector`),
    /** Search engine listing; empty strings when not set. */
    seo_title: column.text().default(''),
    seo_description: column.text().default(''),
    /** When a hidden product turns ACTIVE by itself; the publish scheduler polls it. */
    publish_at: column.timestamptz().nullable(),
    /** Lowest and highest variant price in minor units; null without variants. Kept by the projection for filters and sorts. */
    price_min: bigint().nullable(),
    price_max: bigint().nullable(),
    /** Sum of the quantities of the variants whose inventory is tracked. */
    inventory_total: column.integer().default(0),
    variant_count: column.integer().default(0),
    /** The variants' non-empty SKUs, for search. */
    skus: column.textArray().default(sql`'{}'::text[]`),
    /** price_min, or -1 without variants: generated, so the PRICE sorts have a non-null keyset column. */
    price_sort: column.ofType<string>('bigint').generatedAs(sql`coalesce(price_min, -1)`),
  },
  {
    primaryKey: ['store_id', 'id'],
    sortedBy: ['handle', 'created_at', 'updated_at', 'title'],
    ginIndexes: { products_search_idx: 'search', products_tags_idx: 'tags' },
  },
)

export type ProductRow = Selectable<RowOf<typeof PRODUCTS_TABLE>>

export type ProductDb = Kysely<
  DatabaseOf<typeof PRODUCTS_TABLE | typeof PRODUCT_OPTIONS_TABLE | typeof PRODUCT_VARIANTS_TABLE>
>

/** The fields the search vector is built from; each is a column or the value about to be written to it. */
export interface SearchSources {
  /** The row's store, whose language the stemmed part uses (search-language.ts). */
  storeId: unknown
  title: unknown
  handle: unknown
  vendor: unknown
  tags: unknown
  description: unknown
  skus: unknown
}

/**
 * The `search` value for a row. Not a generated column: `array_to_string` is only STABLE, so
 * Postgres refuses it in a generation expression; the writes compute it instead. The 'simple'
 * configuration keeps words as written (no stemming), which suits names, brands and tags in
 * any language. Title and handle weigh most, then vendor, tags and SKUs, then the description.
 * Title, tags and description are indexed once more in the store's language, stemmed, so
 * `shirts` finds `Shirt` (search-language.ts).
 */
export function searchVector(sources: SearchSources) {
  const part = (value: unknown, weight: 'A' | 'B' | 'C') =>
    sql`setweight(to_tsvector('simple'::regconfig, coalesce(${value}::text, '')), ${sql.lit(weight)})`
  return sql<string>`${part(sources.title, 'A')} || ${part(sources.handle, 'A')} || ${part(sources.vendor, 'B')} || ${part(
    sql`array_to_string(${sources.tags}::text[], ' ')`,
    'B',
  )} || ${part(sql`array_to_string(${sources.skus}::text[], ' ')`, 'B')} || ${part(sources.description, 'C')} || ${languageVector(
    sources.storeId,
    sources.title,
    sources.tags,
    sources.description,
  )}`
}

/** The search vector over the row's current columns (inside an UPDATE: the values before the SET). */
export const columnSources: SearchSources = {
  // Qualified: inside the language subquery a bare store_id would be that table's own column.
  storeId: sql.ref('products.store_id'),
  title: sql.ref('title'),
  handle: sql.ref('handle'),
  vendor: sql.ref('vendor'),
  tags: sql.ref('tags'),
  description: sql.ref('description'),
  skus: sql.ref('skus'),
}

export async function createProductTables(db: AnyDb): Promise<void> {
  await createTable(db, PRODUCTS_TABLE)
  // The publish scheduler's poll across every store: only scheduled products are in it.
  await db.schema
    .createIndex('products_publish_at_idx')
    .ifNotExists()
    .on('products')
    .column('publish_at')
    .where(sql.ref('publish_at'), 'is not', null)
    .execute()
  await createFilterIndexes(db)
  await createVariantTables(db)
  await createSearchLanguageTable(db)
}
