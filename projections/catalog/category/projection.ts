import { sql, type Updateable } from 'kysely'
import {
  CATEGORY_EVENT_TYPES,
  type CategoryCreated,
  type CategoryEvent,
} from '../../../domain/catalog/category/events.js'
import { CATEGORY_PRODUCTS_EVENT_TYPES, type CategoryProductsEvent } from '../../../domain/catalog/category/products.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { createCategoryTables, type CategoriesTable, type CategoryDb } from './tables.js'
import { storeOf } from '../../shared/store-of.js'
import { deleteInStore } from '../../shared/store-rows.js'

type Fields = Updateable<
  Pick<CategoriesTable, 'title' | 'handle' | 'description' | 'image_media_id' | 'seo_title' | 'seo_description'>
>

/**
 * The `categories` and `category_products` read models. Positions follow the deciders' list
 * arithmetic exactly (insert at an index, later siblings move down), so the read model orders
 * every list as the deciders do. Product deletions drop the product's assignments, so counts
 * stay right. The runner applies each event exactly once, inside the transaction that moves
 * the checkpoint.
 */
export const categoriesProjection: Projection = {
  name: 'categories',
  version: 1,
  eventTypes: [...CATEGORY_EVENT_TYPES, ...CATEGORY_PRODUCTS_EVENT_TYPES, 'ProductDeleted'],
  tables: ['categories', 'category_products'],
  storeTables: ['categories', 'category_products'],
  createTables: createCategoryTables,
  async apply(recorded: RecordedEvent, trx: AnyDb): Promise<void> {
    const db: CategoryDb = trx
    const storeId = storeOf(recorded)
    if (recorded.type === 'ProductDeleted') {
      await deleteInStore(db, 'category_products', storeId, { product_id: String(recorded.data.productId) })
      return
    }
    if ((CATEGORY_PRODUCTS_EVENT_TYPES as readonly string[]).includes(recorded.type)) {
      return applyProducts(db, storeId, { type: recorded.type, data: recorded.data } as CategoryProductsEvent)
    }
    const event = { type: recorded.type, data: recorded.data } as CategoryEvent
    const at = recorded.metadata.occurredAt
    switch (event.type) {
      case 'CategoryCreated':
        return create(db, recorded, event.data)
      case 'CategoryRetitled':
        return change(db, storeId, event.data.categoryId, at, { title: event.data.title })
      case 'CategoryHandleChanged':
        await change(db, storeId, event.data.categoryId, at, { handle: event.data.to })
        return refreshSubtree(db, storeId, event.data.categoryId)
      case 'CategoryDescriptionChanged':
        return change(db, storeId, event.data.categoryId, at, { description: event.data.description })
      case 'CategoryImageChanged':
        return change(db, storeId, event.data.categoryId, at, { image_media_id: event.data.imageId })
      case 'CategorySeoChanged':
        return change(db, storeId, event.data.categoryId, at, {
          seo_title: event.data.seo.title,
          seo_description: event.data.seo.description,
        })
      case 'CategoryMoved': {
        const { categoryId, fromParentId, toParentId, position } = event.data
        await closeGap(db, storeId, fromParentId, await positionOf(db, storeId, categoryId))
        await openGap(db, storeId, toParentId, position, 1)
        await db
          .updateTable('categories')
          .set({ parent_id: toParentId, position })
          .where('store_id', '=', storeId)
          .where('id', '=', categoryId)
          .execute()
        await change(db, storeId, categoryId, at, {})
        return refreshSubtree(db, storeId, categoryId)
      }
      case 'CategoryRepositioned': {
        const { categoryId, parentId, from, to } = event.data
        await closeGap(db, storeId, parentId, from)
        await openGap(db, storeId, parentId, to, 1, categoryId)
        await db
          .updateTable('categories')
          .set({ position: to })
          .where('store_id', '=', storeId)
          .where('id', '=', categoryId)
          .execute()
        return change(db, storeId, categoryId, at, {})
      }
      case 'CategoryDeleted': {
        const { categoryId, parentId } = event.data
        const position = await positionOf(db, storeId, categoryId)
        await deleteInStore(db, 'categories', storeId, { id: categoryId })
        await deleteInStore(db, 'category_products', storeId, { category_id: categoryId })
        return closeGap(db, storeId, parentId, position)
      }
      case 'CategoryReverted':
        return change(db, storeId, event.data.categoryId, at, {})
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
}

async function create(db: CategoryDb, recorded: RecordedEvent, data: CategoryCreated['data']): Promise<void> {
  const storeId = storeOf(recorded)
  const parent = data.parentId ? await placeOf(db, storeId, data.parentId) : null
  await openGap(db, storeId, data.parentId, data.position, 1)
  await db
    .insertInto('categories')
    .values({
      store_id: storeId,
      organization_id: recorded.metadata.organizationId,
      id: data.categoryId,
      parent_id: data.parentId,
      handle: data.handle,
      path: parent ? `${parent.path}/${data.handle}` : data.handle,
      depth: parent ? parent.depth + 1 : 1,
      position: data.position,
      title: data.title,
      description: data.description,
      image_media_id: data.imageId,
      seo_title: data.seo.title,
      seo_description: data.seo.description,
      ancestor_ids: sql<string[]>`${parent ? [...parent.ancestorIds, data.parentId!] : []}::uuid[]`,
      revision: 0,
      created_at: recorded.metadata.occurredAt,
      updated_at: recorded.metadata.occurredAt,
    })
    .execute()
}

/** Writes the changed fields and counts the event towards the category's revision. */
async function change(db: CategoryDb, storeId: string, categoryId: string, at: string, fields: Fields): Promise<void> {
  await db
    .updateTable('categories')
    .set({ ...fields, revision: sql<number>`revision + 1`, updated_at: at })
    .where('store_id', '=', storeId)
    .where('id', '=', categoryId)
    .execute()
}

/** Siblings at `position` and after move down by `count` (the categories under `parentId`; null: the roots). */
async function openGap(
  db: CategoryDb,
  storeId: string,
  parentId: string | null,
  position: number,
  count: number,
  exceptId?: string,
): Promise<void> {
  let query = db
    .updateTable('categories')
    .set({ position: sql<number>`position + ${count}` })
    .where('store_id', '=', storeId)
    .where('parent_id', 'is not distinct from', parentId)
    .where('position', '>=', position)
  if (exceptId) query = query.where('id', '<>', exceptId)
  await query.execute()
}

/** Siblings after `position` move up by one. */
async function closeGap(db: CategoryDb, storeId: string, parentId: string | null, position: number): Promise<void> {
  await db
    .updateTable('categories')
    .set({ position: sql<number>`position - 1` })
    .where('store_id', '=', storeId)
    .where('parent_id', 'is not distinct from', parentId)
    .where('position', '>', position)
    .execute()
}

async function positionOf(db: CategoryDb, storeId: string, categoryId: string): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select('position')
    .where('store_id', '=', storeId)
    .where('id', '=', categoryId)
    .executeTakeFirstOrThrow()
  return row.position
}

async function placeOf(
  db: CategoryDb,
  storeId: string,
  categoryId: string,
): Promise<{ path: string; depth: number; ancestorIds: string[] }> {
  const row = await db
    .selectFrom('categories')
    .select(['path', 'depth', sql<string[]>`ancestor_ids::text[]`.as('ancestor_ids')])
    .where('store_id', '=', storeId)
    .where('id', '=', categoryId)
    .executeTakeFirstOrThrow()
  return { path: row.path, depth: row.depth, ancestorIds: row.ancestor_ids }
}

/** Recomputes path, depth and ancestors of a category and everything below it from its parent's. */
async function refreshSubtree(db: CategoryDb, storeId: string, categoryId: string): Promise<void> {
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'handle'])
    .where('store_id', '=', storeId)
    .where((eb) => eb.or([eb('id', '=', categoryId), sql<boolean>`${categoryId}::uuid = any(ancestor_ids)`]))
    .execute()
  const root = rows.find((row) => row.id === categoryId)!
  const parent = root.parent_id ? await placeOf(db, storeId, root.parent_id) : null
  const start = parent
    ? { path: `${parent.path}/`, depth: parent.depth, ancestorIds: [...parent.ancestorIds, root.parent_id!] }
    : { path: '', depth: 0, ancestorIds: [] }
  const visit = async (row: (typeof rows)[number], above: typeof start): Promise<void> => {
    const path = `${above.path}${row.handle}`
    await db
      .updateTable('categories')
      .set({ path, depth: above.depth + 1, ancestor_ids: sql<string[]>`${above.ancestorIds}::uuid[]` })
      .where('store_id', '=', storeId)
      .where('id', '=', row.id)
      .execute()
    const below = { path: `${path}/`, depth: above.depth + 1, ancestorIds: [...above.ancestorIds, row.id] }
    for (const child of rows.filter((each) => each.parent_id === row.id)) await visit(child, below)
  }
  await visit(root, start)
}

async function applyProducts(db: CategoryDb, storeId: string, event: CategoryProductsEvent): Promise<void> {
  const { categoryId } = event.data
  const rows = db.updateTable('category_products').where('store_id', '=', storeId).where('category_id', '=', categoryId)
  switch (event.type) {
    case 'CategoryProductsAdded': {
      const { productIds, position } = event.data
      await rows
        .set({ position: sql<number>`position + ${productIds.length}` })
        .where('position', '>=', position)
        .execute()
      await db
        .insertInto('category_products')
        .values(
          productIds.map((productId, index) => ({
            store_id: storeId,
            category_id: categoryId,
            product_id: productId,
            position: position + index,
          })),
        )
        .execute()
      return
    }
    case 'CategoryProductsRemoved': {
      const { productIds, positions } = event.data
      await db
        .deleteFrom('category_products')
        .where('store_id', '=', storeId)
        .where('category_id', '=', categoryId)
        .where('product_id', 'in', productIds)
        .execute()
      // Each later product moves up by the number of removed places before it, as in the decider's list.
      await rows
        .set({
          position: sql<number>`position - (select count(*) from unnest(${positions}::int[]) as removed(at) where removed.at < position)::int`,
        })
        .execute()
      return
    }
    case 'CategoryProductsReordered':
      await rows
        .set({ position: sql<number>`array_position(${event.data.productIds}::uuid[], product_id) - 1` })
        .execute()
      return
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
