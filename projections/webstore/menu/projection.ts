import { MENU_EVENT_TYPES, type MenuEvent } from '../../../domain/webstore/menu/events.js'
import { applyItemEvent } from '../../../domain/webstore/menu/items.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { changeRow } from '../shared/content.js'
import { createMenuTables, type MenuDb } from './tables.js'
import { storeOf } from '../../shared/store-of.js'

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
    const storeId = storeOf(recorded)
    const change = (fields: Record<string, unknown>) => changeRow(trx, 'menus', event.data.menuId, recorded, fields)
    switch (event.type) {
      case 'MenuCreated': {
        const { menuId, handle, title } = event.data
        await db
          .insertInto('menus')
          .values({
            store_id: storeId,
            organization_id: recorded.metadata.organizationId,
            id: menuId,
            handle,
            title,
            items: '[]',
            item_count: 0,
            revision: recorded.revision,
            created_at: recorded.metadata.occurredAt,
            updated_at: recorded.metadata.occurredAt,
          })
          .onConflict((c) => c.columns(['store_id', 'id']).doNothing())
          .execute()
        return
      }
      case 'MenuRetitled':
        return change({ title: event.data.title })
      case 'MenuHandleChanged':
        return change({ handle: event.data.to })
      case 'MenuDeleted':
        await db
          .deleteFrom('menus')
          .where('store_id', '=', storeId)
          .where('id', '=', event.data.menuId)
          .where('revision', '<', recorded.revision)
          .execute()
        return
      case 'MenuItemAdded':
      case 'MenuItemRetitled':
      case 'MenuItemRelinked':
      case 'MenuItemMoved':
      case 'MenuItemRemoved': {
        const row = await db
          .selectFrom('menus')
          .select(['items', 'revision'])
          .where('store_id', '=', storeId)
          .where('id', '=', event.data.menuId)
          .executeTakeFirst()
        if (!row || row.revision >= recorded.revision) return
        const items = applyItemEvent(row.items, event)
        return change({ items: JSON.stringify(items), item_count: items.length })
      }
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
}
