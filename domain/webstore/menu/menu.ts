import type { MenuEvent } from './events.js'
import { applyItemEvent, type MenuItem } from './items.js'

/** A menu stream is empty, holds a live menu, or ends in a deletion (ids are never reused). */
export type MenuState = { kind: 'empty' } | { kind: 'existing'; menu: LiveMenu } | { kind: 'deleted'; menuId: string }

export type LiveMenu = { menuId: string; handle: string; title: string; items: MenuItem[] }

export const initialMenuState = (): MenuState => ({ kind: 'empty' })

export function evolveMenu(state: MenuState, event: MenuEvent): MenuState {
  if (event.type === 'MenuCreated') return { kind: 'existing', menu: { ...event.data, items: [] } }
  if (state.kind !== 'existing') return state
  const menu = state.menu
  switch (event.type) {
    case 'MenuRetitled':
      return { kind: 'existing', menu: { ...menu, title: event.data.title } }
    case 'MenuHandleChanged':
      return { kind: 'existing', menu: { ...menu, handle: event.data.to } }
    case 'MenuDeleted':
      return { kind: 'deleted', menuId: menu.menuId }
    default:
      return { kind: 'existing', menu: { ...menu, items: applyItemEvent(menu.items, event) } }
  }
}
