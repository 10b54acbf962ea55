import { sql, type Kysely, type Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, type Timestamp } from '../../shared/entity-table.js'

/** One row per live category; deleted ones are removed. */
export interface CategoriesTable {
  store_id: string
  organization_id: string
  id: string
  /** Null for a root category. */
  parent_id: string | null
  handle: string
  /** The handles from the root down, joined by '/': `men/shirts`. Kept current for the whole subtree on moves and renames. */
  path: string
  /** 1 for a root. */
  depth: number
  /** Index among the siblings, from 0. */
  position: number
  title: string
  description: string
  image_media_id: string | null
  seo_title: string
  seo_description: string
  /** Root first; a category's subtree is every row whose ancestor_ids hold its id. */
  ancestor_ids: string[]
  /** The category's own events so far, minus one (not the tree stream's revision). */
  revision: number
  created_at: Timestamp
  updated_at: Timestamp
}

/** The products assigned to each category; `position` orders them within the category (gaps are allowed). */
export interface CategoryProductsTable {
  store_id: string
  category_id: string
  product_id: string
  position: number
}

export interface CategoryDatabase {
  categories: CategoriesTable
  category_products: CategoryProductsTable
}

export type CategoryRow = Selectable<CategoriesTable>
export type CategoryDb = Kysely<CategoryDatabase>

export async function createCategoryTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('categories')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('parent_id', 'uuid')
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_media_id', 'uuid')
    .addColumn('seo_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seo_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ancestor_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('categories_pkey', ['store_id', 'id'])
    .execute()
  // Keyset pagination orders by (column, id) within a store: one index per sort column.
  await createIndexes(db, 'categories', {
    categories_store_parent_idx: ['store_id', 'parent_id', 'position', 'id'],
    categories_store_path_idx: ['store_id', 'path', 'id'],
    categories_store_title_idx: ['store_id', 'title', 'id'],
    categories_store_created_idx: ['store_id', 'created_at', 'id'],
  })
  await db.schema
    .createIndex('categories_ancestors_idx')
    .ifNotExists()
    .on('categories')
    .using('gin')
    .column('ancestor_ids')
    .execute()

  await db.schema
    .createTable('category_products')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('category_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_products_pkey', ['store_id', 'category_id', 'product_id'])
    .execute()
  await createIndexes(db, 'category_products', {
    category_products_order_idx: ['store_id', 'category_id', 'position'],
    category_products_product_idx: ['store_id', 'product_id'],
  })
}
