import type { MenuLink } from './links.js'
import type { MenuItemEvent } from './events.js'

/** Deepest nesting: top-level items are at depth 1, their sub-items at 2, theirs at 3. */
export const MENU_MAX_DEPTH = 3
/** Most items one menu holds, at all depths together. */
export const MENU_MAX_ITEMS = 250

/**
 * One item of a menu, flat: the tree is the `parentId` links, and siblings are ordered as they
 * appear in the list. The flat list keeps events small (a move names one item) and lets the
 * decider and the projection share `applyItemEvent`.
 */
export type MenuItem = { itemId: string; parentId: string | null; title: string; link: MenuLink }

/** An item with its sub-items, as the API serves a menu. */
export type MenuItemNode = { itemId: string; title: string; link: MenuLink; items: MenuItemNode[] }

export function childrenOf(items: readonly MenuItem[], parentId: string | null): MenuItem[] {
  return items.filter((item) => item.parentId === parentId)
}

/** 1 for a top-level item. */
export function depthOf(items: readonly MenuItem[], itemId: string): number {
  let depth = 0
  for (
    let item = items.find((i) => i.itemId === itemId);
    item;
    item = item.parentId ? items.find((i) => i.itemId === item!.parentId) : undefined
  )
    depth++
  return depth
}

/** The item and all its sub-items, the item first. */
export function subtreeIds(items: readonly MenuItem[], itemId: string): string[] {
  const ids = [itemId]
  for (let i = 0; i < ids.length; i++) ids.push(...childrenOf(items, ids[i]!).map((child) => child.itemId))
  return ids
}

/** Levels the item spans with its sub-items: 1 for an item without sub-items. */
export function heightOf(items: readonly MenuItem[], itemId: string): number {
  return 1 + Math.max(0, ...childrenOf(items, itemId).map((child) => heightOf(items, child.itemId)))
}

/** The item list after one item event: the one definition of how the tree changes. */
export function applyItemEvent(items: readonly MenuItem[], event: MenuItemEvent): MenuItem[] {
  switch (event.type) {
    case 'MenuItemAdded': {
      const { itemId, parentId, position, title, link } = event.data
      return insertAt(items, { itemId, parentId, title, link }, position)
    }
    case 'MenuItemRetitled':
      return items.map((item) => (item.itemId === event.data.itemId ? { ...item, title: event.data.title } : item))
    case 'MenuItemRelinked':
      return items.map((item) => (item.itemId === event.data.itemId ? { ...item, link: event.data.link } : item))
    case 'MenuItemMoved': {
      const moving = items.find((item) => item.itemId === event.data.itemId)
      if (!moving) return [...items]
      const rest = items.filter((item) => item.itemId !== moving.itemId)
      return insertAt(rest, { ...moving, parentId: event.data.parentId }, event.data.position)
    }
    case 'MenuItemRemoved': {
      const removed = new Set(event.data.removedItemIds)
      return items.filter((item) => !removed.has(item.itemId))
    }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}

/** Inserts `item` before its future sibling at `position`, or after the last sibling. */
function insertAt(items: readonly MenuItem[], item: MenuItem, position: number): MenuItem[] {
  const before = childrenOf(items, item.parentId)[position]
  const index = before ? items.indexOf(before) : items.length
  return [...items.slice(0, index), item, ...items.slice(index)]
}

/** The nested tree of a flat item list. */
export function itemTree(items: readonly MenuItem[], parentId: string | null = null): MenuItemNode[] {
  return childrenOf(items, parentId).map((item) => ({
    itemId: item.itemId,
    title: item.title,
    link: item.link,
    items: itemTree(items, item.itemId),
  }))
}
