import { z } from 'zod'
import { INT4_MAX } from '../../shared/input-types.js'
import { strictInput } from '../../shared/strict-input.js'
import { entityId, titleInput } from '../../shared/input-types.js'
import { handleInput } from '../../shared/publishable/handle.js'
import { menuLinkInput, type MenuLink } from './links.js'

export const MENU_TITLE_MAX_LENGTH = 255

const position = z
  .int({ error: 'position must be a whole number' })
  .min(0, 'position must be 0 or more (0 is first among the siblings)')
  .max(INT4_MAX, `position must be at most ${INT4_MAX}`)
  .describe('Index among the siblings, 0 first; the end when omitted.')

const parentId = z
  .uuid({ error: 'parentId must be the id (a UUID) of an item of this menu' })
  .overwrite((id) => id.toLowerCase())
  .describe('The item to nest under (menus are at most 3 levels deep); top level when omitted or null.')

// Optional fields also accept null, which means "not given": GraphQL clients send null for unset variables.
export const menuCreateInput = strictInput('menuCreate', {
  title: titleInput(MENU_TITLE_MAX_LENGTH).describe('The menu title, e.g. "Main menu".'),
  handle: handleInput('main-menu', 'the store').nullish(),
})

export const menuUpdateInput = strictInput('menuUpdate', {
  id: entityId('menu').describe('The menu id returned by create_menu (a UUID).'),
  title: titleInput(MENU_TITLE_MAX_LENGTH).nullish(),
  handle: handleInput('main-menu', 'the store').nullish(),
})

export const menuDeleteInput = strictInput('menuDelete', { id: entityId('menu') })

export const menuItemAddInput = strictInput('menuItemAdd', {
  menuId: entityId('menu', 'menuId'),
  parentId: parentId.nullish(),
  position: position.nullish(),
  title: titleInput(MENU_TITLE_MAX_LENGTH).describe('The text shown, e.g. "Shop".'),
  link: menuLinkInput,
})

export const menuItemUpdateInput = strictInput('menuItemUpdate', {
  menuId: entityId('menu', 'menuId'),
  id: entityId('menu item').describe('The item id, as the menu lists it.'),
  title: titleInput(MENU_TITLE_MAX_LENGTH).nullish(),
  link: menuLinkInput.nullish(),
})

export const menuItemMoveInput = strictInput('menuItemMove', {
  menuId: entityId('menu', 'menuId'),
  id: entityId('menu item').describe('The item to move; its sub-items move with it.'),
  parentId: parentId.nullish(),
  position: position.nullish(),
})

export const menuItemRemoveInput = strictInput('menuItemRemove', {
  menuId: entityId('menu', 'menuId'),
  id: entityId('menu item').describe('The item to remove; its sub-items are removed with it.'),
})

export type MenuCreate = { type: 'MenuCreate'; data: { menuId: string; handle: string; title: string } }
/** Fields left out stay. */
export type MenuUpdate = { type: 'MenuUpdate'; data: { menuId: string; title?: string; handle?: string } }
export type MenuDelete = { type: 'MenuDelete'; data: { menuId: string } }
/** `position` null: after the last sibling. */
export type MenuItemAdd = {
  type: 'MenuItemAdd'
  data: {
    menuId: string
    itemId: string
    parentId: string | null
    position: number | null
    title: string
    link: MenuLink
  }
}
export type MenuItemUpdate = {
  type: 'MenuItemUpdate'
  data: { menuId: string; itemId: string; title?: string; link?: MenuLink }
}
export type MenuItemMove = {
  type: 'MenuItemMove'
  data: { menuId: string; itemId: string; parentId: string | null; position: number | null }
}
export type MenuItemRemove = { type: 'MenuItemRemove'; data: { menuId: string; itemId: string } }

export type MenuCommand =
  MenuCreate | MenuUpdate | MenuDelete | MenuItemAdd | MenuItemUpdate | MenuItemMove | MenuItemRemove
