import { MENU_EVENT_TYPES, type MenuEvent } from '../../../domain/webstore/menu/events.js'
import { applyItemEvent } from '../../../domain/webstore/menu/items.js'
import { entityProjection } from '../../shared/entity-projection.js'
import { MENUS_TABLE } from './tables.js'

/**
 * The `menus` read model: one row per live menu with its whole item list, so a menu read is one
 * row. Item events are folded into the row's list with the decider's own `applyItemEvent`.
 */
export const menusProjection = entityProjection({
  table: MENUS_TABLE,
  version: 1,
  eventTypes: MENU_EVENT_TYPES,
  idOf: (event: MenuEvent) => event.data.menuId,
  async apply(event, menu) {
    switch (event.type) {
      case 'MenuCreated':
        return menu.insert({ handle: event.data.handle, title: event.data.title, items: '[]', item_count: 0 })
      case 'MenuRetitled':
        return menu.change({ title: event.data.title })
      case 'MenuHandleChanged':
        return menu.change({ handle: event.data.to })
      case 'MenuDeleted':
        return menu.delete()
      case 'MenuItemAdded':
      case 'MenuItemRetitled':
      case 'MenuItemRelinked':
      case 'MenuItemMoved':
      case 'MenuItemRemoved': {
        const row = await menu.readBehind(['items'])
        if (!row) return
        const items = applyItemEvent(row.items, event)
        return menu.change({ items: JSON.stringify(items), item_count: items.length })
      }
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
})
