import { evolveLifecycle, sameChange } from '../../shared/lifecycle.js'
import type { MenuCreated, MenuEvent, MenuItemEvent } from './events.js'
import { applyItemEvent, type MenuItem } from './items.js'

/** A menu stream is empty, holds a live menu, or ends in a deletion (ids are never reused). */
export type MenuState = { kind: 'empty' } | { kind: 'existing'; menu: LiveMenu } | { kind: 'deleted'; menuId: string }

export type LiveMenu = { menuId: string; handle: string; title: string; items: MenuItem[] }

export const initialMenuState = (): MenuState => ({ kind: 'empty' })

const MENU = { name: 'menu', id: 'menuId', created: 'MenuCreated', deleted: 'MenuDeleted' } as const

const ITEM_EVENT_TYPES = [
  'MenuItemAdded',
  'MenuItemRetitled',
  'MenuItemRelinked',
  'MenuItemMoved',
  'MenuItemRemoved',
] as const satisfies readonly MenuItemEvent['type'][]

export function evolveMenu(state: MenuState, event: MenuEvent): MenuState {
  const withItems = (menu: LiveMenu, _data: unknown, itemEvent: MenuItemEvent): LiveMenu => ({
    ...menu,
    items: applyItemEvent(menu.items, itemEvent),
  })
  return evolveLifecycle(state, event, MENU, (data: MenuCreated['data']): LiveMenu => ({ ...data, items: [] }), {
    MenuRetitled: (menu, { title }) => ({ ...menu, title }),
    MenuHandleChanged: (menu, { to }) => ({ ...menu, handle: to }),
    ...sameChange(ITEM_EVENT_TYPES, withItems),
  })
}
