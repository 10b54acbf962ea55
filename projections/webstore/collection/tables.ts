import { sql, type ColumnType, type Generated, type Kysely, type Selectable } from 'kysely'
import type { ProductStatus } from '../../../domain/catalog/product/events.js'
import type { CollectionSortOrder, CollectionType } from '../../../domain/webstore/collection/events.js'
import type { CollectionRule } from '../../../domain/webstore/collection/rules.js'
import type { PublicationStatus } from '../../../domain/shared/publishable/publication.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, createEntityTable, type EntityColumns, type Timestamp } from '../../shared/entity-table.js'

type Decimal = ColumnType<string | null, string | null, string | null>

/** One row per live collection; deleted collections are removed. */
export interface CollectionsTable extends EntityColumns {
  title: string
  handle: string
  /** Sanitized HTML. */
  description: string
  image_id: string | null
  seo_title: Generated<string>
  seo_description: Generated<string>
  status: PublicationStatus
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  type: CollectionType
  sort_order: CollectionSortOrder
  /** jsonb, written as its JSON text. */
  rules: ColumnType<CollectionRule[], string, string>
  disjunctive: boolean
}

/** Membership: a MANUAL collection's products at their positions, a SMART collection's current matches (position 0). */
export interface CollectionProductsTable {
  store_id: string
  collection_id: string
  product_id: string
  position: number
}

// The product facts smart rules are evaluated against, kept by this projection from the product
// and category events it consumes. Reading the products or categories read models instead would
// evaluate against tables another runner moves on its own checkpoint, behind or ahead of this
// one; these facts are exactly as of the event being applied, so membership is deterministic.

export interface CollectionProductFactsTable {
  store_id: string
  product_id: string
  title: string
  vendor: string
  tags: string[]
  status: ProductStatus
  created_at: Timestamp
  /** Lowest variant price in major units (numeric); null without variants. For the PRICE sorts. */
  price_min: Decimal
}

export interface CollectionVariantFactsTable {
  store_id: string
  product_id: string
  variant_id: string
  /** Major units (numeric), so rules compare with the amount the merchant typed whatever the currency. */
  price: ColumnType<string, string, string>
  tracked: boolean
  quantity: number
}

/** One row per atomic attribute value (a multiselect gives several). */
export interface CollectionAttributeFactsTable {
  store_id: string
  product_id: string
  code: string
  value: string
  /** The value as a number when it is one, for GREATER_THAN and LESS_THAN. */
  number: Decimal
}

export interface CollectionCategoryFactsTable {
  store_id: string
  category_id: string
  product_id: string
}

export interface CollectionDatabase {
  collections: CollectionsTable
  collection_products: CollectionProductsTable
  collection_product_facts: CollectionProductFactsTable
  collection_variant_facts: CollectionVariantFactsTable
  collection_attribute_facts: CollectionAttributeFactsTable
  collection_category_facts: CollectionCategoryFactsTable
}

export type CollectionRow = Selectable<CollectionsTable>
export type CollectionDb = Kysely<CollectionDatabase>

export const COLLECTION_TABLES = [
  'collections',
  'collection_products',
  'collection_product_facts',
  'collection_variant_facts',
  'collection_attribute_facts',
  'collection_category_facts',
] as const

export async function createCollectionTables(db: AnyDb): Promise<void> {
  await createEntityTable(db, 'collections', (table) =>
    table
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('handle', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('image_id', 'uuid')
      .addColumn('seo_title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('seo_description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('published_at', 'timestamptz')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('sort_order', 'text', (c) => c.notNull())
      .addColumn('rules', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('disjunctive', 'boolean', (c) => c.notNull()),
  )
  await db.schema
    .createTable('collection_products')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('collection_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_products_pkey', ['store_id', 'collection_id', 'product_id'])
    .execute()
  await db.schema
    .createTable('collection_product_facts')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('tags', sql`text[]`, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('price_min', 'numeric')
    .addPrimaryKeyConstraint('collection_product_facts_pkey', ['store_id', 'product_id'])
    .execute()
  await db.schema
    .createTable('collection_variant_facts')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('variant_id', 'uuid', (c) => c.notNull())
    .addColumn('price', 'numeric', (c) => c.notNull())
    .addColumn('tracked', 'boolean', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_variant_facts_pkey', ['store_id', 'product_id', 'variant_id'])
    .execute()
  await db.schema
    .createTable('collection_attribute_facts')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('number', 'numeric')
    .execute()
  await db.schema
    .createTable('collection_category_facts')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('category_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_category_facts_pkey', ['store_id', 'category_id', 'product_id'])
    .execute()
  await createIndexes(db, 'collections', {
    collections_store_handle_idx: ['store_id', 'handle'],
    collections_store_title_idx: ['store_id', 'title', 'id'],
    collections_store_created_idx: ['store_id', 'created_at', 'id'],
    collections_store_updated_idx: ['store_id', 'updated_at', 'id'],
  })
  await createIndexes(db, 'collection_products', {
    collection_products_product_idx: ['store_id', 'product_id'],
  })
  await createIndexes(db, 'collection_attribute_facts', {
    collection_attribute_facts_product_idx: ['store_id', 'product_id', 'code'],
  })
  await createIndexes(db, 'collection_category_facts', {
    collection_category_facts_product_idx: ['store_id', 'product_id'],
  })
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
