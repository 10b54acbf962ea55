import { eventTypes, type DomainEvent, type HandleChanged } from '../../shared/event.js'
import type { MenuLink } from './links.js'

export type MenuCreated = DomainEvent<'MenuCreated', { menuId: string; handle: string; title: string }>
export type MenuRetitled = DomainEvent<'MenuRetitled', { menuId: string; title: string }>
/** `from` is released and `to` claimed in the store's menu handle reservations in the same write. */
export type MenuHandleChanged = HandleChanged<'MenuHandleChanged', { menuId: string }>
/** Carries the handle so its reservation is released without reading the stream again. */
export type MenuDeleted = DomainEvent<'MenuDeleted', { menuId: string; handle: string }>
/** `parentId` null: a top-level item; `position`: its index among its new siblings. */
export type MenuItemAdded = DomainEvent<
  'MenuItemAdded',
  { menuId: string; itemId: string; parentId: string | null; position: number; title: string; link: MenuLink }
>
export type MenuItemRetitled = DomainEvent<'MenuItemRetitled', { menuId: string; itemId: string; title: string }>
export type MenuItemRelinked = DomainEvent<'MenuItemRelinked', { menuId: string; itemId: string; link: MenuLink }>
/** The item moves with its sub-items under `parentId` (null: top level), at `position` among its siblings there. */
export type MenuItemMoved = DomainEvent<
  'MenuItemMoved',
  { menuId: string; itemId: string; parentId: string | null; position: number }
>
/** `removedItemIds` lists the item and every sub-item that went with it. */
export type MenuItemRemoved = DomainEvent<
  'MenuItemRemoved',
  { menuId: string; itemId: string; removedItemIds: string[] }
>

export type MenuItemEvent = MenuItemAdded | MenuItemRetitled | MenuItemRelinked | MenuItemMoved | MenuItemRemoved
export type MenuEvent = MenuCreated | MenuRetitled | MenuHandleChanged | MenuDeleted | MenuItemEvent

/** Every menu event type, for the projection's subscription. */
export const MENU_EVENT_TYPES = eventTypes<MenuEvent>({
  MenuCreated: true,
  MenuRetitled: true,
  MenuHandleChanged: true,
  MenuDeleted: true,
  MenuItemAdded: true,
  MenuItemRetitled: true,
  MenuItemRelinked: true,
  MenuItemMoved: true,
  MenuItemRemoved: true,
})
