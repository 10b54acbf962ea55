import { categoryTreeDecider } from '../../../domain/catalog/category/definitions.js'
import type { CategoryEvent } from '../../../domain/catalog/category/events.js'
import { categoryTreeStream } from '../../../domain/catalog/category/streams.js'
import { ancestorsOf, childrenOf, pathOf, type CategoryTreeState } from '../../../domain/catalog/category/tree.js'
import { fold } from '../../../domain/shared/event.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { EventStore } from '../../../infra/eventstore/port.js'
import type { CategoryLookup, CategoryRecord } from './queries.js'

/**
 * The store's category as it was at `asOf`, found by id or by the handle path it had then:
 * the tree stream's events up to that instant folded with the tree's decider (never a snapshot
 * table), shaped like a read-model record with the breadcrumbs of that time. Null when it did
 * not exist yet, or no longer, then.
 */
export async function findCategoryAsOf(
  eventStore: EventStore,
  storeId: string,
  lookup: CategoryLookup,
  asOf: Date,
): Promise<CategoryRecord | null> {
  if (!isUuid(storeId)) return null
  const events = (await eventStore.readStream(categoryTreeStream(storeId))).filter(
    (event) => new Date(event.metadata.occurredAt) <= asOf,
  )
  const state = fold(categoryTreeDecider, events as unknown as CategoryEvent[])
  const id =
    'id' in lookup
      ? lookup.id.toLowerCase()
      : Object.keys(state.nodes).find((each) => pathOf(state, each) === lookup.path.replace(/^\/+|\/+$/g, ''))
  const node = id ? state.nodes[id] : undefined
  if (!id || !node) return null
  const own = events.filter((event) => event.data.categoryId === id)
  const ancestors = ancestorsOf(state, id)
  return {
    id,
    parentId: node.parentId,
    title: node.title,
    handle: node.handle,
    path: pathOf(state, id),
    depth: ancestors.length + 1,
    position: childrenOf(state, node.parentId).indexOf(id),
    description: node.description,
    imageId: node.imageId,
    seo: { ...node.seo },
    ancestorIds: ancestors,
    revision: state.revisions[id]!,
    createdAt: new Date(own[0]!.metadata.occurredAt),
    updatedAt: new Date(own.at(-1)!.metadata.occurredAt),
    breadcrumbs: ancestors.map((ancestor) => crumb(state, ancestor)),
  }
}

function crumb(state: CategoryTreeState, id: string) {
  const { title, handle } = state.nodes[id]!
  return { id, title, handle, path: pathOf(state, id) }
}
