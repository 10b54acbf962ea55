import { MENU_EVENT_TYPES, type MenuEvent } from '../../../domain/webstore/menu/events.js'
import { applyItemEvent } from '../../../domain/webstore/menu/items.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { entityRow } from '../../shared/entity-row.js'
import { createMenuTables, type MenuDb } from './tables.js'

/**
 * The `menus` read model: one row per live menu with its whole item list, so a menu read is one
 * row. Item events are folded into the row's list with the decider's own `applyItemEvent`.
 */
export const menusProjection: Projection = {
  name: 'menus',
  version: 1,
  eventTypes: MENU_EVENT_TYPES,
  tables: ['menus'],
  storeTables: ['menus'],
  createTables: createMenuTables,
  async apply(recorded: RecordedEvent, trx: AnyDb): Promise<void> {
    const db: MenuDb = trx
    const event = { type: recorded.type, data: recorded.data } as MenuEvent
    const menu = entityRow(db, 'menus', event.data.menuId, recorded)
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
}
