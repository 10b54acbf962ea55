import { sql, type ColumnType, type Kysely, type Selectable } from 'kysely'
import type { ProductStatus } from '../../../domain/catalog/product/events.js'
import type { CollectionSortOrder, CollectionType } from '../../../domain/webstore/collection/events.js'
import type { CollectionRule } from '../../../domain/webstore/collection/rules.js'
import type { PublicationStatus } from '../../../domain/shared/publishable/publication.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { entityTable } from '../../shared/entity-table.js'
import {
  boolean,
  column,
  createTable,
  integer,
  jsonb,
  table,
  text,
  textArray,
  timestamptz,
  uuid,
  type DatabaseOf,
  type RowOf,
} from '../../shared/table.js'

/** numeric, read back as a decimal string. */
const decimal = () => column<ColumnType<string, string, string>>('numeric')

/** One row per live collection; deleted collections are removed. */
export const COLLECTIONS_TABLE = entityTable(
  'collections',
  {
    title: text(),
    handle: text(),
    /** Sanitized HTML. */
    description: text(),
    image_id: uuid().nullable(),
    seo_title: text().default(''),
    seo_description: text().default(''),
    status: text<PublicationStatus>(),
    published_at: timestamptz().nullable(),
    type: text<CollectionType>(),
    sort_order: text<CollectionSortOrder>(),
    rules: jsonb<CollectionRule[]>().default(sql`'[]'::jsonb`),
    disjunctive: boolean(),
  },
  {
    indexes: {
      collections_store_handle_idx: ['store_id', 'handle'],
      collections_store_title_idx: ['store_id', 'title', 'id'],
      collections_store_created_idx: ['store_id', 'created_at', 'id'],
      collections_store_updated_idx: ['store_id', 'updated_at', 'id'],
    },
  },
)

/** Membership: a MANUAL collection's products at their positions, a SMART collection's current matches (position 0). */
export const COLLECTION_PRODUCTS_TABLE = table(
  'collection_products',
  { store_id: uuid(), collection_id: uuid(), product_id: uuid(), position: integer() },
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
    store_id: uuid(),
    product_id: uuid(),
    title: text(),
    vendor: text(),
    tags: textArray(),
    status: text<ProductStatus>(),
    created_at: timestamptz(),
    /** Lowest variant price in major units; null without variants. For the PRICE sorts. */
    price_min: decimal().nullable(),
  },
  { primaryKey: ['store_id', 'product_id'] },
)

export const COLLECTION_VARIANT_FACTS_TABLE = table(
  'collection_variant_facts',
  {
    store_id: uuid(),
    product_id: uuid(),
    variant_id: uuid(),
    /** Major units, so rules compare with the amount the merchant typed whatever the currency. */
    price: decimal(),
    tracked: boolean(),
    quantity: integer(),
  },
  { primaryKey: ['store_id', 'product_id', 'variant_id'] },
)

/** One row per atomic attribute value (a multiselect gives several). */
export const COLLECTION_ATTRIBUTE_FACTS_TABLE = table(
  'collection_attribute_facts',
  {
    store_id: uuid(),
    product_id: uuid(),
    code: text(),
    value: text(),
    /** The value as a number when it is one, for GREATER_THAN and LESS_THAN. */
    number: decimal().nullable(),
  },
  { indexes: { collection_attribute_facts_product_idx: ['store_id', 'product_id', 'code'] } },
)

export const COLLECTION_CATEGORY_FACTS_TABLE = table(
  'collection_category_facts',
  { store_id: uuid(), category_id: uuid(), product_id: uuid() },
  {
    primaryKey: ['store_id', 'category_id', 'product_id'],
    indexes: { collection_category_facts_product_idx: ['store_id', 'product_id'] },
  },
)

const TABLES = [
  COLLECTIONS_TABLE,
  COLLECTION_PRODUCTS_TABLE,
  COLLECTION_PRODUCT_FACTS_TABLE,
  COLLECTION_VARIANT_FACTS_TABLE,
  COLLECTION_ATTRIBUTE_FACTS_TABLE,
  COLLECTION_CATEGORY_FACTS_TABLE,
] as const

export type CollectionDatabase = DatabaseOf<(typeof TABLES)[number]>
export type CollectionRow = Selectable<RowOf<typeof COLLECTIONS_TABLE>>
export type CollectionDb = Kysely<CollectionDatabase>

export const COLLECTION_TABLES = TABLES.map((spec) => spec.name)

export async function createCollectionTables(db: AnyDb): Promise<void> {
  for (const spec of TABLES) await createTable(db, spec)
}

/** A table reference for raw SQL: names the table in the schema `db` is bound to. */
export type TableRef = (name: keyof CollectionDatabase) => ReturnType<typeof sql.table>

/**
 * Raw SQL escapes kysely's `withSchema`, and a whole rebuild binds the projection's db to a schema
 * of its own; the schema is read off a compiled query so raw statements name the same tables.
 */
export function tablesOf(db: AnyDb): TableRef {
  const compiled = (db as CollectionDb).selectFrom('collections').selectAll().compile().sql
  const schema = /from "([^"]+)"\."collections"/.exec(compiled)?.[1]
  return (name) => sql.table(schema ? `${schema}.${name}` : name)
}
