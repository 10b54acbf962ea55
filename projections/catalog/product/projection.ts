import { PRODUCT_EVENT_TYPES, type ProductEvent, type ProductFields } from '../../../domain/catalog/product/events.js'
import { isVariantEvent } from '../../../domain/catalog/product/variant-events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { columnSources, createProductTables, searchVector, type ProductDb } from './tables.js'
import { SEARCH_LANGUAGE_EVENT_TYPES, applySearchLanguage } from './search-language.js'
import { deleteCatalog, projectCatalogEvent, type CatalogColumns } from './variant-projection.js'
import { storeOf } from '../../shared/store-of.js'
import { deleteInStore } from '../../shared/store-rows.js'

/** Event fields named as their columns, plus the columns whose names differ from any event field. */
type ChangedFields = Partial<Omit<ProductFields, 'productId'>> & {
  seo_title?: string
  seo_description?: string
  publish_at?: string | null
} & Partial<CatalogColumns>

/**
 * The `products` read model: one row per live product of every store.
 *
 * The runner applies each event exactly once, but every write is still guarded so a replay of
 * events already applied changes nothing: a creation never overwrites an existing row, and a
 * change or deletion only touches a row whose revision is older than the event's.
 */
export const productsProjection: Projection = {
  name: 'products',
  version: 4,
  // The store's default locale picks the language product text is stemmed in.
  eventTypes: [...PRODUCT_EVENT_TYPES, ...SEARCH_LANGUAGE_EVENT_TYPES],
  tables: ['products', 'product_options', 'product_variants', 'product_search_languages'],
  storeTables: ['products', 'product_options', 'product_variants'],
  createTables: createProductTables,
  async apply(recorded: RecordedEvent, trx: AnyDb): Promise<void> {
    const db: ProductDb = trx
    if ((SEARCH_LANGUAGE_EVENT_TYPES as readonly string[]).includes(recorded.type))
      return applySearchLanguage(recorded, trx, searchVector(columnSources))
    const event = { type: recorded.type, data: recorded.data } as ProductEvent
    if (isVariantEvent(event)) {
      // Options and variants have tables of their own; the product keeps their summary columns.
      const summary = await projectCatalogEvent(db, storeOf(recorded), recorded, event)
      if (summary) await change(db, recorded, summary)
      return
    }
    switch (event.type) {
      case 'ProductCreated':
        return create(db, recorded, event.data)
      case 'ProductRetitled':
        return change(db, recorded, { title: event.data.title })
      case 'ProductHandleChanged':
        return change(db, recorded, { handle: event.data.to })
      case 'ProductDescriptionChanged':
        return change(db, recorded, { description: event.data.description })
      case 'ProductStatusChanged':
        return change(db, recorded, { status: event.data.to })
      case 'ProductVendorChanged':
        return change(db, recorded, { vendor: event.data.vendor })
      case 'ProductTagsChanged':
        return change(db, recorded, { tags: event.data.tags })
      case 'ProductDeleted':
        await deleteInStore(db, 'products', storeOf(recorded), { id: event.data.productId }, recorded.revision)
        await deleteCatalog(db, storeOf(recorded), event.data.productId)
        return
      // The media list lives in the media read model; here the product's revision and updated_at
      // move, so caches keyed on them see the change.
      case 'ProductMediaAttached':
      case 'ProductMediaDetached':
      case 'ProductMediaReordered':
        return change(db, recorded, {})
      case 'ProductSeoChanged':
        return change(db, recorded, { seo_title: event.data.title, seo_description: event.data.description })
      case 'ProductPublishScheduled':
        return change(db, recorded, { publish_at: event.data.publishAt })
      case 'ProductPublishUnscheduled':
        return change(db, recorded, { publish_at: null })
      // Markers: the changes they explain follow as their own events.
      case 'ProductReverted':
      case 'ProductDuplicated':
        return change(db, recorded, {})
      // Attribute values live in the product_attributes read model; the product's revision moves.
      case 'ProductAttributeValuesSet':
      case 'ProductAttributeValuesRemoved':
      case 'ProductAttributeSetChanged':
        return change(db, recorded, {})
      // Holds live in the inventory_reservations read model; a sale arrives as ProductInventoryAdjusted.
      case 'ProductInventoryReserved':
      case 'ProductInventoryReleased':
      case 'ProductInventoryCommitted':
        return
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
}

async function create(db: ProductDb, recorded: RecordedEvent, data: ProductFields): Promise<void> {
  await db
    .insertInto('products')
    .values({
      store_id: storeOf(recorded),
      organization_id: recorded.metadata.organizationId,
      id: data.productId,
      title: data.title,
      handle: data.handle,
      description: data.description,
      status: data.status,
      vendor: data.vendor,
      tags: data.tags,
      revision: recorded.revision,
      created_at: recorded.metadata.occurredAt,
      updated_at: recorded.metadata.occurredAt,
      search: searchVector({
        storeId: storeOf(recorded),
        title: data.title,
        handle: data.handle,
        vendor: data.vendor,
        tags: data.tags,
        description: data.description,
        skus: [],
      }),
    })
    .onConflict((conflict) => conflict.columns(['store_id', 'id']).doNothing())
    .execute()
}

/** Writes the changed fields and recomputes the search vector from them and the untouched columns. */
async function change(db: ProductDb, recorded: RecordedEvent, fields: ChangedFields): Promise<void> {
  const productId = String(recorded.data.productId)
  await db
    .updateTable('products')
    .set({
      ...fields,
      revision: recorded.revision,
      updated_at: recorded.metadata.occurredAt,
      search: searchVector({ ...columnSources, ...fields }),
    })
    .where('store_id', '=', storeOf(recorded))
    .where('id', '=', productId)
    .where('revision', '<', recorded.revision)
    .execute()
}
