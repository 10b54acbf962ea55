import { sql } from 'kysely'
import { COLLECTION_EVENT_TYPES, type CollectionEvent } from '../../../domain/webstore/collection/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { entityRow } from '../../shared/entity-row.js'
import { FACT_EVENT_TYPES, applyFact } from './facts.js'
import { evaluateMembership, smartCollections } from './membership.js'
import { COLLECTION_TABLES, tablesOf, type CollectionDb } from './tables.js'
import { storeTablesOf } from '../../shared/entity-projection.js'
import { storeOf } from '../../shared/store-of.js'
import { deleteInStore } from '../../shared/store-rows.js'

const COLLECTION_TYPES: readonly string[] = COLLECTION_EVENT_TYPES

/**
 * The `collections` read model and collection membership. A SMART collection's products are
 * re-evaluated when its rules change and whenever a product or category event changes a fact a
 * rule can see, in the same transaction: a product write that returns has moved this projection's
 * checkpoint too (read-your-writes waits for every projection consuming its event types), so the
 * collection shows the change at once, with no reindex step.
 */
export const collectionsProjection: Projection = {
  name: 'collections',
  version: 1,
  eventTypes: [...COLLECTION_EVENT_TYPES, ...FACT_EVENT_TYPES],
  ...storeTablesOf(...COLLECTION_TABLES),
  async apply(recorded: RecordedEvent, trx: AnyDb): Promise<void> {
    const storeId = storeOf(recorded)
    if (!COLLECTION_TYPES.includes(recorded.type)) {
      const products = await applyFact(trx, storeId, recorded)
      await evaluateMembership(trx, storeId, await smartCollections(trx, storeId), products)
      return
    }
    return applyCollectionEvent(trx, storeId, recorded)
  },
}

async function applyCollectionEvent(trx: AnyDb, storeId: string, recorded: RecordedEvent): Promise<void> {
  const db = trx as CollectionDb
  const event = { type: recorded.type, data: recorded.data } as CollectionEvent
  const collectionId = event.data.collectionId
  const collection = entityRow(db, 'collections', collectionId, recorded)
  const members = db
    .deleteFrom('collection_products')
    .where('store_id', '=', storeId)
    .where('collection_id', '=', collectionId)
  switch (event.type) {
    case 'CollectionCreated': {
      const { title, handle, description, imageId, type, sortOrder, rules, disjunctive } = event.data
      await collection.insert({
        title,
        handle,
        description,
        image_id: imageId,
        status: 'DRAFT',
        type,
        sort_order: sortOrder,
        rules: JSON.stringify(rules),
        disjunctive,
      })
      if (type === 'SMART') await evaluateMembership(trx, storeId, [{ id: collectionId, rules, disjunctive }], null)
      return
    }
    case 'CollectionRetitled':
      return collection.change({ title: event.data.title })
    case 'CollectionHandleChanged':
      return collection.change({ handle: event.data.to })
    case 'CollectionDescriptionChanged':
      return collection.change({ description: event.data.description })
    case 'CollectionImageChanged':
      return collection.change({ image_id: event.data.imageId })
    case 'CollectionSeoChanged':
      return collection.change({ seo_title: event.data.title, seo_description: event.data.description })
    case 'CollectionPublished':
      return collection.change({ status: 'PUBLISHED', published_at: event.data.publishedAt })
    case 'CollectionUnpublished':
      return collection.change({ status: 'DRAFT', published_at: null })
    case 'CollectionSortOrderChanged':
      return collection.change({ sort_order: event.data.sortOrder })
    case 'CollectionRulesChanged': {
      const { rules, disjunctive } = event.data
      await collection.change({ rules: JSON.stringify(rules), disjunctive })
      return evaluateMembership(trx, storeId, [{ id: collectionId, rules, disjunctive }], null)
    }
    // Positions are the indexes of the domain's list, so they stay true even where a product
    // deleted from the catalog left a gap.
    case 'CollectionProductsAdded': {
      const { productIds, position } = event.data
      await db
        .updateTable('collection_products')
        .set({ position: sql`position + ${productIds.length}` })
        .where('store_id', '=', storeId)
        .where('collection_id', '=', collectionId)
        .where('position', '>=', position)
        .execute()
      await db
        .insertInto('collection_products')
        .values(
          productIds.map((productId, i) => ({
            store_id: storeId,
            collection_id: collectionId,
            product_id: productId,
            position: position + i,
          })),
        )
        .onConflict((c) => c.columns(['store_id', 'collection_id', 'product_id']).doNothing())
        .execute()
      return collection.change({})
    }
    case 'CollectionProductsRemoved': {
      const { productIds, positions } = event.data
      await members.where('product_id', 'in', productIds).execute()
      const removed = sql.join(positions.map((p) => sql`(${p}::int)`))
      await db
        .updateTable('collection_products')
        .set({
          position: sql`position - (select count(*) from (values ${removed}) as r(p) where r.p < collection_products.position)`,
        })
        .where('store_id', '=', storeId)
        .where('collection_id', '=', collectionId)
        .execute()
      return collection.change({})
    }
    case 'CollectionProductsReordered': {
      const order = sql.join(event.data.productIds.map((id, i) => sql`(${id}::uuid, ${i}::int)`))
      await sql`
        update ${tablesOf(trx)('collection_products')} cp set position = o.position
        from (values ${order}) as o(product_id, position)
        where cp.store_id = ${storeId}::uuid and cp.collection_id = ${collectionId}::uuid and cp.product_id = o.product_id
      `.execute(trx)
      return collection.change({})
    }
    case 'CollectionDeleted':
      await members.execute()
      await deleteInStore(db, 'collections', storeId, { id: collectionId })
      return
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
