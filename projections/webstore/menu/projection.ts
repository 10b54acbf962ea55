import { MENU_EVENT_TYPES, type MenuEvent, type MenuItemEvent } from '../../../domain/webstore/menu/events.js'
import { applyItemEvent } from '../../../domain/webstore/menu/items.js'
import { entityProjection } from '../../shared/entity-projection.js'
import type { EntityRow } from '../../shared/entity-row.js'
import type { RowOf } from '../../shared/table.js'
import { MENUS_TABLE } from './tables.js'

/**
 * The `menus` read model: one row per live menu with its whole item list, so a menu read is one
 * row. Item events are folded into the row's list with the decider's own `applyItemEvent`.
 */
export const menusProjection = entityProjection(MENUS_TABLE, {
  version: 1,
  eventTypes: MENU_EVENT_TYPES,
  idOf: (event: MenuEvent) => event.data.menuId,
  on: {
    MenuCreated: (event, menu) =>
      menu.insert({ handle: event.data.handle, title: event.data.title, items: '[]', item_count: 0 }),
    MenuRetitled: (event, menu) => menu.change({ title: event.data.title }),
    MenuHandleChanged: (event, menu) => menu.change({ handle: event.data.to }),
    MenuDeleted: (_event, menu) => menu.delete(),
    MenuItemAdded: changeItems,
    MenuItemRetitled: changeItems,
    MenuItemRelinked: changeItems,
    MenuItemMoved: changeItems,
    MenuItemRemoved: changeItems,
  },
})

/** Reads the row's items and writes the list the event leaves, unless the row has seen this event. */
async function changeItems(event: MenuItemEvent, menu: EntityRow<RowOf<typeof MENUS_TABLE>>): Promise<void> {
  const row = await menu.readBehind(['items'])
  if (!row) return
  const items = applyItemEvent(row.items, event)
  await menu.change({ items: JSON.stringify(items), item_count: items.length })
}
