import type { CategoryContent, CategoryEvent } from './events.js'

/** The categories may nest this many levels: a root is at depth 1. */
export const CATEGORY_MAX_DEPTH = 8

/** One live category: its fields and its parent (null for a root). */
export type CategoryNode = CategoryContent & { categoryId: string; parentId: string | null }

/**
 * A store's category tree. `children` holds each parent's children in order (roots under
 * `ROOT`); a category's position is its index there. `revisions` counts each category's own
 * events minus one (its revision), and outlives deletion so an id is never reused.
 */
export type CategoryTreeState = {
  nodes: Record<string, CategoryNode>
  children: Record<string, string[]>
  revisions: Record<string, number>
}

/** The key of the roots' list in `children`; no category id is empty. */
export const ROOT = ''

export const initialCategoryTreeState = (): CategoryTreeState => ({ nodes: {}, children: {}, revisions: {} })

export const parentKey = (parentId: string | null): string => parentId ?? ROOT

/**
 * Folds one event into the tree. It changes the state in place and returns it: a store's tree
 * stream is long, copying every map on every event would make a fold quadratic, and the state
 * belongs to the one fold that created it (`decide` only reads it).
 */
export function evolveCategoryTree(state: CategoryTreeState, event: CategoryEvent): CategoryTreeState {
  const id = event.data.categoryId
  state.revisions[id] = (state.revisions[id] ?? -1) + 1
  const node = state.nodes[id]
  switch (event.type) {
    case 'CategoryCreated': {
      const { categoryId, parentId, position, title, handle, description, imageId, seo } = event.data
      state.nodes[categoryId] = { categoryId, parentId, title, handle, description, imageId, seo: { ...seo } }
      insert(state, parentId, categoryId, position)
      return state
    }
    case 'CategoryRetitled':
    case 'CategoryDescriptionChanged':
    case 'CategoryImageChanged': {
      // Each carries the one field it changes, under that field's name.
      const { categoryId: _, ...change } = event.data
      if (node) Object.assign(node, change)
      return state
    }
    case 'CategoryHandleChanged':
      if (node) node.handle = event.data.to
      return state
    case 'CategorySeoChanged':
      if (node) node.seo = { ...event.data.seo }
      return state
    case 'CategoryMoved':
      if (node) {
        remove(state, event.data.fromParentId, id)
        insert(state, event.data.toParentId, id, event.data.position)
        node.parentId = event.data.toParentId
      }
      return state
    case 'CategoryRepositioned':
      remove(state, event.data.parentId, id)
      insert(state, event.data.parentId, id, event.data.to)
      return state
    case 'CategoryDeleted':
      remove(state, event.data.parentId, id)
      delete state.nodes[id]
      delete state.children[id]
      return state
    case 'CategoryReverted':
      return state
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}

function insert(state: CategoryTreeState, parentId: string | null, id: string, position: number): void {
  const list = (state.children[parentKey(parentId)] ??= [])
  list.splice(Math.min(position, list.length), 0, id)
}

function remove(state: CategoryTreeState, parentId: string | null, id: string): void {
  const list = state.children[parentKey(parentId)]
  const index = list?.indexOf(id) ?? -1
  if (list && index >= 0) list.splice(index, 1)
}

/** The children of a parent (null: the roots), in order. */
export function childrenOf(state: CategoryTreeState, parentId: string | null): readonly string[] {
  return state.children[parentKey(parentId)] ?? []
}

/** The ancestors' ids, root first. */
export function ancestorsOf(state: CategoryTreeState, id: string): string[] {
  const ancestors: string[] = []
  for (let parent = state.nodes[id]?.parentId ?? null; parent !== null; parent = state.nodes[parent]?.parentId ?? null)
    ancestors.unshift(parent)
  return ancestors
}

/** 1 for a root, 2 for its children … */
export function depthOf(state: CategoryTreeState, id: string): number {
  return ancestorsOf(state, id).length + 1
}

/** The handle path, root first: `men/shirts`. */
export function pathOf(state: CategoryTreeState, id: string): string {
  return [...ancestorsOf(state, id), id].map((each) => state.nodes[each]!.handle).join('/')
}

/** Every category below `id`, parents before their children. */
export function descendantsOf(state: CategoryTreeState, id: string): string[] {
  return childrenOf(state, id).flatMap((child) => [child, ...descendantsOf(state, child)])
}

/** The deepest category of the subtree rooted at `id` (the category itself when it has no children). */
export function deepestOf(state: CategoryTreeState, id: string): { id: string; levels: number } {
  let deepest = { id, levels: 1 }
  for (const child of childrenOf(state, id)) {
    const below = deepestOf(state, child)
    if (below.levels + 1 > deepest.levels) deepest = { id: below.id, levels: below.levels + 1 }
  }
  return deepest
}

/** The sibling under `parentId` holding `handle`, other than `exceptId`. */
export function siblingWithHandle(
  state: CategoryTreeState,
  parentId: string | null,
  handle: string,
  exceptId?: string,
): CategoryNode | null {
  const id = childrenOf(state, parentId).find((child) => child !== exceptId && state.nodes[child]?.handle === handle)
  return id ? state.nodes[id]! : null
}
