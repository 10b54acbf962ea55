import { sql, type ColumnType, type Kysely, type Selectable } from 'kysely'
import type { ProductStatus } from '../../../domain/catalog/product/events.js'
import type { CollectionSortOrder, CollectionType } from '../../../domain/webstore/collection/events.js'
import type { CollectionRule } from '../../../domain/webstore/collection/rules.js'
import type { PublicationStatus } from '../../../domain/shared/publishable/publication.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { entityTable } from '../../shared/entity-table.js'
import { column, table, type DatabaseOf, type RowOf } from '../../shared/table.js'

/** numeric, read back as a decimal string. */
const decimal = () => column.ofType<ColumnType<string, string, string>>('numeric')

/** One row per live collection; deleted collections are removed. */
export const COLLECTIONS_TABLE = entityTable(
  'collections',
  {
    title: column.text(),
    handle: column.text(),
    /** Sanitized HTML. */
    description: column.text(),
    image_id: column.uuid().nullable(),
    seo_title: column.text().default(''),
    seo_description: column.text().default(''),
    status: column.text<PublicationStatus>(),
    published_at: column.timestamptz().nullable(),
    type: column.text<CollectionType>(),
    sort_order: column.text<CollectionSortOrder>(),
    rules: column.jsonb<CollectionRule[]>().default(sql`'[]'::jsonb`),
    disjunctive: column.boolean(),
  },
  {
    indexes: {
      collections_store_handle_idx: ['store_id', 'handle'],
    },
    sortedBy: ['title', 'created_at', 'updated_at'],
  },
)

/** Membership: a MANUAL collection's products at their positions, a SMART collection's current matches (position 0). */
export const COLLECTION_PRODUCTS_TABLE = table(
  'collection_products',
  { store_id: column.uuid(), collection_id: column.uuid(), product_id: column.uuid(), position: column.integer() },
  {
    primaryKey: ['store_id', 'collection_id', 'product_id'],
    indexes: { collection_products_product_idx: ['store_id', 'product_id'] },
  },
)

// The product facts smart rules are evaluated against, kept by this projection from the product
// and category events it consumes. Reading the products or categories read models instead would
// evaluate against tables another runner moves on its own checkpoint, behind or ahead of this
// one; these facts are exactly as of the event being applied, so membership is deterministic.

export const COLLECTION_PRODUCT_FACTS_TABLE = table(
  'collection_product_facts',
  {
    store_id: column.uuid(),
    product_id: column.uuid(),
    title: column.text(),
    vendor: column.text(),
    tags: column.textArray(),
    status: column.text<ProductStatus>(),
    created_at: column.timestamptz(),
    /** Lowest variant price in major units; null without variants. For the PRICE sorts. */
    price_min: decimal().nullable(),
  },
  { primaryKey: ['store_id', 'product_id'] },
)

export const COLLECTION_VARIANT_FACTS_TABLE = table(
  'collection_variant_facts',
  {
    store_id: column.uuid(),
    product_id: column.uuid(),
    variant_id: column.uuid(),
    /** Major units, so rules compare with the amount the merchant typed whatever the currency. */
    price: decimal(),
    tracked: column.boolean(),
    quantity: column.integer(),
  },
  { primaryKey: ['store_id', 'product_id', 'variant_id'] },
)

/** One row per atomic attribute value (a multiselect gives several). */
export const COLLECTION_ATTRIBUTE_FACTS_TABLE = table(
  'collection_attribute_facts',
  {
    store_id: column.uuid(),
    product_id: column.uuid(),
    code: column.text(),
    value: column.text(),
    /** The value as a number when it is one, for GREATER_THAN and LESS_THAN. */
    number: decimal().nullable(),
  },
  { indexes: { collection_attribute_facts_product_idx: ['store_id', 'product_id', 'code'] } },
)

export const COLLECTION_CATEGORY_FACTS_TABLE = table(
  'collection_category_facts',
  { store_id: column.uuid(), category_id: column.uuid(), product_id: column.uuid() },
  {
    primaryKey: ['store_id', 'category_id', 'product_id'],
    indexes: { collection_category_facts_product_idx: ['store_id', 'product_id'] },
  },
)

/** Every table of the collections read model, the collections first. */
export const COLLECTION_TABLES = [
  COLLECTIONS_TABLE,
  COLLECTION_PRODUCTS_TABLE,
  COLLECTION_PRODUCT_FACTS_TABLE,
  COLLECTION_VARIANT_FACTS_TABLE,
  COLLECTION_ATTRIBUTE_FACTS_TABLE,
  COLLECTION_CATEGORY_FACTS_TABLE,
] as const

export type CollectionRow = Selectable<RowOf<typeof COLLECTIONS_TABLE>>
export type CollectionDb = Kysely<DatabaseOf<(typeof COLLECTION_TABLES)[number]>>

/** A table reference for raw SQL: names the table in the schema `db` is bound to. */
export type TableRef = (name: keyof DatabaseOf<(typeof COLLECTION_TABLES)[number]>) => ReturnType<typeof sql.table>

/**
 * Raw SQL escapes kysely's `withSchema`, and a whole rebuild binds the projection's db to a schema
 * of its own; the schema is read off a compiled query so raw statements name the same tables.
 */
export function tablesOf(db: AnyDb): TableRef {
  const compiled = (db as CollectionDb).selectFrom('collections').selectAll().compile().sql
  const schema = /from "([^"]+)"\."collections"/.exec(compiled)?.[1]
  return (name) => sql.table(schema ? `${schema}.${name}` : name)
}
