import { badInput, conflict, DomainError, notFound } from '../../shared/errors.js'
import { checkListed, listedFirst, listedTwice } from '../../shared/ordered-ids.js'
import { HANDLE_MAX_LENGTH, handleize } from '../../shared/handle.js'
import type {
  CategoryCommand,
  CategoryCreate,
  CategoryDelete,
  CategoryMove,
  CategoryReorder,
  CategoryRevert,
  CategoryUpdate,
} from './commands.js'
import type { CategoryEvent } from './events.js'
import {
  CATEGORY_MAX_DEPTH,
  childrenOf,
  deepestOf,
  depthOf,
  descendantsOf,
  pathOf,
  siblingWithHandle,
  type CategoryNode,
  type CategoryTreeState,
} from './tree.js'

/** Pure: the answer depends on the command and the store's tree only. */
export function decideCategoryTree(command: CategoryCommand, state: CategoryTreeState): CategoryEvent[] {
  switch (command.type) {
    case 'CategoryCreate':
      return create(command, state)
    case 'CategoryUpdate':
      return update(command.data, state)
    case 'CategoryMove':
      return move(command, state)
    case 'CategoryReorder':
      return reorder(command, state)
    case 'CategoryDelete':
      return remove(command, state)
    case 'CategoryRevert':
      return revert(command, state)
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

function create(command: CategoryCreate, state: CategoryTreeState): CategoryEvent[] {
  const { categoryId, parentId, position, handle, ...content } = command.data
  // Ids are generated per command, so this only happens when a client or a retry reuses one.
  if (state.revisions[categoryId] !== undefined)
    throw conflict(`category '${categoryId}' already exists; use categoryUpdate to change it`)
  if (parentId !== null) {
    liveParent(state, parentId)
    const depth = depthOf(state, parentId) + 1
    if (depth > CATEGORY_MAX_DEPTH) {
      throw badInput(
        ['input', 'parentId'],
        `categories may be at most ${CATEGORY_MAX_DEPTH} levels deep; under '${pathOf(state, parentId)}' (depth ${depth - 1}) it would be at depth ${depth}; choose a parent higher up`,
      )
    }
  }
  if (handle !== null) requireFreeHandle(state, parentId, handle, categoryId, ['input', 'handle'])
  const siblings = childrenOf(state, parentId).length
  return [
    {
      type: 'CategoryCreated',
      data: {
        categoryId,
        parentId,
        position: Math.min(position ?? siblings, siblings),
        ...content,
        handle: handle ?? freeHandle(state, parentId, content.title),
        seo: { ...content.seo },
      },
    },
  ]
}

/** Only the fields that really change become events, so an update that changes nothing records nothing. */
function update(data: CategoryUpdate['data'], state: CategoryTreeState): CategoryEvent[] {
  const category = live(state, data.categoryId)
  const { categoryId, title, handle, description, imageId, seo } = data
  const events: CategoryEvent[] = []
  if (title !== undefined && title !== category.title)
    events.push({ type: 'CategoryRetitled', data: { categoryId, title } })
  if (handle !== undefined && handle !== category.handle) {
    requireFreeHandle(state, category.parentId, handle, categoryId, ['input', 'handle'])
    events.push({ type: 'CategoryHandleChanged', data: { categoryId, from: category.handle, to: handle } })
  }
  if (description !== undefined && description !== category.description) {
    events.push({ type: 'CategoryDescriptionChanged', data: { categoryId, description } })
  }
  if (imageId !== undefined && imageId !== category.imageId)
    events.push({ type: 'CategoryImageChanged', data: { categoryId, imageId } })
  if (seo !== undefined) {
    const next = { title: seo.title ?? category.seo.title, description: seo.description ?? category.seo.description }
    if (next.title !== category.seo.title || next.description !== category.seo.description) {
      events.push({ type: 'CategorySeoChanged', data: { categoryId, seo: next } })
    }
  }
  return events
}

function move(command: CategoryMove, state: CategoryTreeState): CategoryEvent[] {
  const { categoryId, parentId, position } = command.data
  const category = live(state, categoryId)
  if (parentId === category.parentId) {
    const last = childrenOf(state, parentId).length - 1
    const from = childrenOf(state, parentId).indexOf(categoryId)
    const to = Math.min(position ?? last, last)
    return from === to ? [] : [{ type: 'CategoryRepositioned', data: { categoryId, parentId, from, to } }]
  }
  if (parentId !== null) {
    liveParent(state, parentId)
    if (parentId === categoryId)
      throw badInput(['input', 'parentId'], `cannot move '${category.handle}' under itself; choose another parent`)
    if (descendantsOf(state, categoryId).includes(parentId)) {
      throw badInput(
        ['input', 'parentId'],
        `cannot move '${category.handle}' under its own descendant '${pathOf(state, parentId)}'; move that descendant out first or choose another parent`,
      )
    }
  }
  const deepest = deepestOf(state, categoryId)
  const depth = (parentId === null ? 0 : depthOf(state, parentId)) + deepest.levels
  if (depth > CATEGORY_MAX_DEPTH) {
    const ownPath = pathOf(state, categoryId)
    const relative = pathOf(state, deepest.id).slice(ownPath.length - category.handle.length)
    const wouldBe = parentId === null ? relative : `${pathOf(state, parentId)}/${relative}`
    throw badInput(
      ['input', 'parentId'],
      `moving '${ownPath}' there would put '${wouldBe}' at depth ${depth}; categories may be at most ${CATEGORY_MAX_DEPTH} levels deep, so choose a parent higher up`,
    )
  }
  requireFreeHandle(state, parentId, category.handle, categoryId, ['input', 'parentId'])
  const siblings = childrenOf(state, parentId).length
  return [
    {
      type: 'CategoryMoved',
      data: {
        categoryId,
        fromParentId: category.parentId,
        toParentId: parentId,
        position: Math.min(position ?? siblings, siblings),
      },
    },
  ]
}

/**
 * The listed children first, in the order given, the others after them in their old order. Each
 * child that changes place records its own move, in final order, so replaying them gives the order.
 */
function reorder(command: CategoryReorder, state: CategoryTreeState): CategoryEvent[] {
  const { parentId, categoryIds } = command.data
  if (parentId !== null) liveParent(state, parentId)
  const list = [...childrenOf(state, parentId)]
  const where = parentId === null ? 'a root category' : `a child of '${pathOf(state, parentId)}'`
  checkListed(list, categoryIds, {
    field: 'ids',
    notInList: (id) => `category '${id}' is not ${where}; list only that parent's children`,
    twice: listedTwice('category'),
  })
  const order = listedFirst(list, categoryIds)
  const events: CategoryEvent[] = []
  order.forEach((id, to) => {
    const from = list.indexOf(id)
    if (from === to) return
    list.splice(from, 1)
    list.splice(to, 0, id)
    events.push({ type: 'CategoryRepositioned', data: { categoryId: id, parentId, from, to } })
  })
  return events
}

function remove(command: CategoryDelete, state: CategoryTreeState): CategoryEvent[] {
  const category = live(state, command.data.categoryId)
  const descendants = descendantsOf(state, category.categoryId)
  if (descendants.length && !command.data.deleteDescendants) {
    throw badInput(
      ['input', 'deleteDescendants'],
      `category '${pathOf(state, category.categoryId)}' has ${descendants.length} subcategories; move or delete them first, or pass deleteDescendants: true to delete them with it`,
    )
  }
  // Children before their parents, so every deletion leaves a tree.
  return [...descendants.reverse(), category.categoryId].map((id) => {
    const node = state.nodes[id]!
    return { type: 'CategoryDeleted', data: { categoryId: id, parentId: node.parentId, handle: node.handle } }
  })
}

/** A marker, then ordinary change events from the current fields to those of `toRevision`; nothing when they already match. */
function revert(command: CategoryRevert, state: CategoryTreeState): CategoryEvent[] {
  const { categoryId, toRevision, target } = command.data
  live(state, categoryId)
  const latest = state.revisions[categoryId]!
  if (toRevision > latest) {
    throw badInput(
      ['input', 'toRevision'],
      `category '${categoryId}' has revisions 0 to ${latest}; choose one of them from its history`,
    )
  }
  const changes = update({ categoryId, ...target }, state)
  return changes.length ? [{ type: 'CategoryReverted', data: { categoryId, toRevision } }, ...changes] : []
}

/**
 * Another store's category is in another store's tree, so here it looks exactly like one that
 * never existed: both answer NOT_FOUND, as do deleted ones.
 */
function live(state: CategoryTreeState, categoryId: string): CategoryNode {
  const node = state.nodes[categoryId]
  if (!node) throw notFound('category', categoryId)
  return node
}

function liveParent(state: CategoryTreeState, parentId: string): CategoryNode {
  const node = state.nodes[parentId]
  if (!node)
    throw new DomainError('NOT_FOUND', `parent category '${parentId}' does not exist in this store`, {
      field: ['input', 'parentId'],
    })
  return node
}

function requireFreeHandle(
  state: CategoryTreeState,
  parentId: string | null,
  handle: string,
  categoryId: string,
  field: readonly string[],
): void {
  const holder = siblingWithHandle(state, parentId, handle, categoryId)
  if (!holder) return
  const where = parentId === null ? 'among the root categories' : `under '${pathOf(state, parentId)}'`
  throw conflict(
    `handle '${handle}' is taken ${where} by category '${holder.categoryId}'; choose another handle or rename that category`,
    field,
  )
}

/** The title's handle, or the first of `-2`, `-3` … that no sibling holds. */
function freeHandle(state: CategoryTreeState, parentId: string | null, title: string): string {
  const base = handleize(title) || 'category'
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`
    const candidate = base.slice(0, HANDLE_MAX_LENGTH - suffix.length).replace(/-+$/, '') + suffix
    if (!siblingWithHandle(state, parentId, candidate)) return candidate
  }
}
