import { badInput, conflict, notFound } from '../../shared/errors.js'
import { changeEvents } from '../../shared/change-events.js'
import type { MenuCommand, MenuItemAdd, MenuItemMove, MenuItemUpdate, MenuUpdate } from './commands.js'
import type { MenuEvent } from './events.js'
import { childrenOf, depthOf, heightOf, MENU_MAX_DEPTH, MENU_MAX_ITEMS, subtreeIds, type MenuItem } from './items.js'
import { sameLink } from './links.js'
import type { LiveMenu, MenuState } from './menu.js'

/** Pure: the answer depends on the command and the menu's history only. */
export function decideMenu(command: MenuCommand, state: MenuState): MenuEvent[] {
  switch (command.type) {
    case 'MenuCreate':
      if (state.kind !== 'empty')
        throw conflict(`menu '${command.data.menuId}' already exists; use menuUpdate to change it`)
      return [{ type: 'MenuCreated', data: command.data }]
    case 'MenuUpdate':
      return update(command, live(state, command.data.menuId))
    case 'MenuDelete': {
      const menu = live(state, command.data.menuId)
      return [{ type: 'MenuDeleted', data: { menuId: menu.menuId, handle: menu.handle } }]
    }
    case 'MenuItemAdd':
      return addItem(command, live(state, command.data.menuId))
    case 'MenuItemUpdate':
      return updateItem(command, live(state, command.data.menuId))
    case 'MenuItemMove':
      return moveItem(command, live(state, command.data.menuId))
    case 'MenuItemRemove': {
      const menu = live(state, command.data.menuId)
      const item = itemOf(menu, command.data.itemId)
      return [
        {
          type: 'MenuItemRemoved',
          data: { menuId: menu.menuId, itemId: item.itemId, removedItemIds: subtreeIds(menu.items, item.itemId) },
        },
      ]
    }
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

/** Only fields that really change become events, so repeating an update records nothing. */
function update(command: MenuUpdate, menu: LiveMenu): MenuEvent[] {
  const { menuId } = command.data
  return changeEvents(menu, command.data, {
    title: (title) => ({ type: 'MenuRetitled', data: { menuId, title } }),
    handle: (to) => ({ type: 'MenuHandleChanged', data: { menuId, from: menu.handle, to } }),
  })
}

function addItem(command: MenuItemAdd, menu: LiveMenu): MenuEvent[] {
  const { menuId, itemId, parentId, title, link } = command.data
  if (menu.items.some((item) => item.itemId === itemId))
    throw conflict(`menu item '${itemId}' already exists in this menu`)
  if (menu.items.length >= MENU_MAX_ITEMS)
    throw badInput(
      ['input', 'menuId'],
      `a menu holds at most ${MENU_MAX_ITEMS} items; remove some or start another menu`,
    )
  const parentDepth = parentId === null ? 0 : depthOf(menu.items, parentOf(menu, parentId).itemId)
  if (parentDepth + 1 > MENU_MAX_DEPTH)
    throw badInput(
      ['input', 'parentId'],
      `menus are at most ${MENU_MAX_DEPTH} levels deep and that parent is on level ${parentDepth}; add the item higher up`,
    )
  const position = placeAt(['input', 'position'], childrenOf(menu.items, parentId), command.data.position)
  return [{ type: 'MenuItemAdded', data: { menuId, itemId, parentId, position, title, link } }]
}

function updateItem(command: MenuItemUpdate, menu: LiveMenu): MenuEvent[] {
  const { menuId, itemId, title, link } = command.data
  const item = itemOf(menu, itemId)
  const events: MenuEvent[] = []
  if (title !== undefined && title !== item.title)
    events.push({ type: 'MenuItemRetitled', data: { menuId, itemId, title } })
  if (link !== undefined && !sameLink(link, item.link))
    events.push({ type: 'MenuItemRelinked', data: { menuId, itemId, link } })
  return events
}

function moveItem(command: MenuItemMove, menu: LiveMenu): MenuEvent[] {
  const { menuId, itemId, parentId } = command.data
  const item = itemOf(menu, itemId)
  if (parentId !== null) {
    parentOf(menu, parentId)
    if (subtreeIds(menu.items, itemId).includes(parentId))
      throw badInput(
        ['input', 'parentId'],
        'an item cannot move under itself or one of its own sub-items; choose a parent outside it',
      )
  }
  const parentDepth = parentId === null ? 0 : depthOf(menu.items, parentId)
  const height = heightOf(menu.items, itemId)
  if (parentDepth + height > MENU_MAX_DEPTH) {
    throw badInput(
      ['input', 'parentId'],
      `menus are at most ${MENU_MAX_DEPTH} levels deep: the item spans ${height} level(s) with its sub-items and the parent is on level ${parentDepth}; move it higher up`,
    )
  }
  const siblings = childrenOf(menu.items, parentId).filter((sibling) => sibling.itemId !== itemId)
  const position = placeAt(['input', 'position'], siblings, command.data.position)
  const current = childrenOf(menu.items, item.parentId).indexOf(item)
  if (parentId === item.parentId && position === current) return []
  return [{ type: 'MenuItemMoved', data: { menuId, itemId, parentId, position } }]
}

/** The position asked for, or the end; beyond the end is refused rather than silently clamped. */
function placeAt(field: readonly string[], siblings: readonly MenuItem[], position: number | null): number {
  if (position === null) return siblings.length
  if (position > siblings.length)
    throw badInput(
      field,
      `position ${position} is past the end: that level has ${siblings.length} other item(s), so use 0 to ${siblings.length}`,
    )
  return position
}

function itemOf(menu: LiveMenu, itemId: string): MenuItem {
  const item = menu.items.find((candidate) => candidate.itemId === itemId)
  if (!item) throw notFound('menu item', itemId)
  return item
}

function parentOf(menu: LiveMenu, parentId: string): MenuItem {
  const parent = menu.items.find((candidate) => candidate.itemId === parentId)
  if (!parent)
    throw badInput(
      ['input', 'parentId'],
      `parentId '${parentId}' is not an item of this menu; use an id from the menu's items or leave it out for the top level`,
    )
  return parent
}

/** Another store's menu lives in a stream named after that store, so it answers NOT_FOUND like a missing one. */
function live(state: MenuState, menuId: string): LiveMenu {
  if (state.kind !== 'existing') throw notFound('menu', menuId)
  return state.menu
}
