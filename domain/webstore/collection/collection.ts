import { NO_SEO, type Seo } from '../../shared/publishable/seo.js'
import { insertedAt, without } from '../../shared/ordered-ids.js'
import type { PublicationStatus } from '../../shared/publishable/publication.js'
import type { CollectionEvent, CollectionFields } from './events.js'

/** A collection stream is empty, holds a live collection, or ends in a deletion (ids are never reused). */
export type CollectionState =
  { kind: 'empty' } | { kind: 'existing'; collection: LiveCollection } | { kind: 'deleted'; collectionId: string }

/** `productIds`: the manual list in order (empty for SMART, whose members the projection derives). */
export type LiveCollection = CollectionFields & { status: PublicationStatus; seo: Seo; productIds: string[] }

export const initialCollectionState = (): CollectionState => ({ kind: 'empty' })

export function evolveCollection(state: CollectionState, event: CollectionEvent): CollectionState {
  if (event.type === 'CollectionCreated')
    return { kind: 'existing', collection: { ...event.data, status: 'DRAFT', seo: NO_SEO, productIds: [] } }
  if (state.kind !== 'existing') return state
  const collection = state.collection
  const next = (changes: Partial<LiveCollection>): CollectionState => ({
    kind: 'existing',
    collection: { ...collection, ...changes },
  })
  const list = collection.productIds
  switch (event.type) {
    case 'CollectionRetitled':
      return next({ title: event.data.title })
    case 'CollectionHandleChanged':
      return next({ handle: event.data.to })
    case 'CollectionDescriptionChanged':
      return next({ description: event.data.description })
    case 'CollectionImageChanged':
      return next({ imageId: event.data.imageId })
    case 'CollectionSeoChanged':
      return next({ seo: { title: event.data.title, description: event.data.description } })
    case 'CollectionPublished':
      return next({ status: 'PUBLISHED' })
    case 'CollectionUnpublished':
      return next({ status: 'DRAFT' })
    case 'CollectionRulesChanged':
      return next({ rules: event.data.rules, disjunctive: event.data.disjunctive })
    case 'CollectionSortOrderChanged':
      return next({ sortOrder: event.data.sortOrder })
    case 'CollectionProductsAdded':
      return next({ productIds: insertedAt(list, event.data.productIds, event.data.position) })
    case 'CollectionProductsRemoved':
      return next({ productIds: without(list, event.data.productIds) })
    case 'CollectionProductsReordered':
      return next({ productIds: [...event.data.productIds] })
    case 'CollectionDeleted':
      return { kind: 'deleted', collectionId: collection.collectionId }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
