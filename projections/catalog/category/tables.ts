import { sql, type Kysely, type Selectable } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import { entityTable } from '../../shared/entity-table.js'
import { column, createTable, table, type DatabaseOf, type RowOf } from '../../shared/table.js'

/**
 * One row per live category; deleted ones are removed. Its `revision` counts the category's own
 * events so far, minus one (not the tree stream's revision).
 */
export const CATEGORIES_TABLE = entityTable(
  'categories',
  {
    /** Null for a root category. */
    parent_id: column.uuid().nullable(),
    handle: column.text(),
    /** The handles from the root down, joined by '/': `men/shirts`. Kept current for the whole subtree on moves and renames. */
    path: column.text(),
    /** 1 for a root. */
    depth: column.integer(),
    /** Index among the siblings, from 0. */
    position: column.integer(),
    title: column.text(),
    description: column.text().default(''),
    image_media_id: column.uuid().nullable(),
    seo_title: column.text().default(''),
    seo_description: column.text().default(''),
    /** Root first; a category's subtree is every row whose ancestor_ids hold its id. */
    ancestor_ids: column.ofType<string[]>(sql`uuid[]`).default(sql`'{}'::uuid[]`),
  },
  {
    indexes: {
      categories_store_parent_idx: ['store_id', 'parent_id', 'position', 'id'],
    },
    ginIndexes: { categories_ancestors_idx: 'ancestor_ids' },
    sortedBy: ['path', 'title', 'created_at'],
  },
)

/** The products assigned to each category; `position` orders them within the category (gaps are allowed). */
export const CATEGORY_PRODUCTS_TABLE = table(
  'category_products',
  { store_id: column.uuid(), category_id: column.uuid(), product_id: column.uuid(), position: column.integer() },
  {
    primaryKey: ['store_id', 'category_id', 'product_id'],
    indexes: {
      category_products_order_idx: ['store_id', 'category_id', 'position'],
      category_products_product_idx: ['store_id', 'product_id'],
    },
  },
)

export type CategoriesTable = RowOf<typeof CATEGORIES_TABLE>
export type CategoryRow = Selectable<CategoriesTable>
export type CategoryDb = Kysely<DatabaseOf<typeof CATEGORIES_TABLE | typeof CATEGORY_PRODUCTS_TABLE>>

export async function createCategoryTables(db: AnyDb): Promise<void> {
  await createTable(db, CATEGORIES_TABLE)
  await createTable(db, CATEGORY_PRODUCTS_TABLE)
}
