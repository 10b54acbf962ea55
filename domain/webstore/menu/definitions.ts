import { defineCommand, type AnyCommandDefinition, storeWrite } from '../../shared/command.js'
import { givenFields } from '../../shared/strict-input.js'
import type { DecideContext } from '../../shared/context.js'
import { deciderOf } from '../../shared/event.js'
import { freeHandle, storeHandleReservations } from '../../shared/publishable/handle.js'
import {
  menuCreateInput,
  menuDeleteInput,
  menuItemAddInput,
  menuItemMoveInput,
  menuItemRemoveInput,
  menuItemUpdateInput,
  menuUpdateInput,
  type MenuCommand,
} from './commands.js'
import { decideMenu } from './decide.js'
import type { MenuEvent } from './events.js'
import { evolveMenu, initialMenuState, type MenuState } from './menu.js'
import { MENU_CATEGORY, menuHandleKey, menuStream } from './streams.js'
import { storeOf } from '../../shared/store-of.js'

export const menuDecider = deciderOf(initialMenuState, evolveMenu, decideMenu)

/** Handles are claimed at creation, moved on change and freed at deletion; a taken one is CONFLICT. */
export const menuHandleReservations = storeHandleReservations<MenuEvent, MenuState>()('Menu', menuHandleKey)

const WRITE = storeWrite(MENU_CATEGORY, 'webstore:write', { decider: menuDecider, uniqueness: menuHandleReservations })
const LINK_HELP =
  'link is {type: URL, url} (http(s), a /path, mailto: or tel:), {type: HOME}, or {type: PRODUCT|CATEGORY|COLLECTION|PAGE|BLOG|POST, ' +
  "resourceId}; a link whose resource is later deleted is listed in the menu's brokenLinks."

/** The menu command for `input`, on the menu's stream; `entityId` is what the transport reads back. */
function onMenu(command: MenuCommand, entityId: string, ctx: DecideContext) {
  return { stream: menuStream(storeOf(ctx), command.data.menuId), entityId, command }
}

export const menuCreate = defineCommand({
  name: 'menuCreate',
  tool: 'create_menu',
  description:
    'Create an empty navigation menu (main menu, footer …); add items with add_menu_item. Only title is required; handle (unique in ' +
    'the store, what themes look menus up by) is generated from the title when omitted, adding -2, -3 … if needed. Returns the menu. ' +
    'Fails with CONFLICT when the handle you pass is used by another menu.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: menuCreateInput,
  async prepare(input, env) {
    const menuId = env.newId()
    const handle = input.handle ?? (await freeHandle(input.title, menuId, 'menu', menuHandleKey, env))
    return onMenu({ type: 'MenuCreate', data: { menuId, handle, title: input.title } }, menuId, env.ctx)
  },
})

export const menuUpdate = defineCommand({
  name: 'menuUpdate',
  tool: 'update_menu',
  description:
    'Rename a menu or change its handle, found by id. Send only what should change. Returns the menu. Fails with NOT_FOUND when the ' +
    'id is unknown or deleted, and CONFLICT when the new handle is used by another menu.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: menuUpdateInput,
  prepare(input, env) {
    return onMenu(
      {
        type: 'MenuUpdate',
        data: { menuId: input.id, ...givenFields({ title: input.title, handle: input.handle }) },
      },
      input.id,
      env.ctx,
    )
  },
})

export const menuDelete = defineCommand({
  name: 'menuDelete',
  tool: 'delete_menu',
  description:
    'Delete a menu with all its items, found by id; its handle becomes free. Returns the deleted id. Fails with NOT_FOUND when the id is unknown.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: menuDeleteInput,
  prepare(input, env) {
    return onMenu({ type: 'MenuDelete', data: { menuId: input.id } }, input.id, env.ctx)
  },
})

export const menuItemAdd = defineCommand({
  name: 'menuItemAdd',
  tool: 'add_menu_item',
  description:
    'Add an item to a menu: title and link, at the top level or under parentId (menus are at most 3 levels deep and hold at most ' +
    `250 items), at position among its siblings (0 first; the end when omitted). ${LINK_HELP} Returns the menu and the new item id.`,
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: menuItemAddInput,
  prepare(input, env) {
    const itemId = env.newId()
    const data = {
      menuId: input.menuId,
      itemId,
      parentId: input.parentId ?? null,
      position: input.position ?? null,
      title: input.title,
      link: input.link,
    }
    return onMenu({ type: 'MenuItemAdd', data }, itemId, env.ctx)
  },
})

export const menuItemUpdate = defineCommand({
  name: 'menuItemUpdate',
  tool: 'update_menu_item',
  description: `Change the title or link of a menu item, found by menuId and id. Send only what should change. ${LINK_HELP} Returns the menu.`,
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: menuItemUpdateInput,
  prepare(input, env) {
    return onMenu(
      {
        type: 'MenuItemUpdate',
        data: { menuId: input.menuId, itemId: input.id, ...givenFields({ title: input.title, link: input.link }) },
      },
      input.id,
      env.ctx,
    )
  },
})

export const menuItemMove = defineCommand({
  name: 'menuItemMove',
  tool: 'move_menu_item',
  description:
    'Move a menu item with its sub-items under parentId (top level when omitted) at position among the siblings there (the end when ' +
    'omitted). Refused when it would nest deeper than 3 levels or put an item under itself. Returns the menu.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: menuItemMoveInput,
  prepare(input, env) {
    return onMenu(
      {
        type: 'MenuItemMove',
        data: {
          menuId: input.menuId,
          itemId: input.id,
          parentId: input.parentId ?? null,
          position: input.position ?? null,
        },
      },
      input.id,
      env.ctx,
    )
  },
})

export const menuItemRemove = defineCommand({
  name: 'menuItemRemove',
  tool: 'remove_menu_item',
  description:
    'Remove a menu item and its sub-items, found by menuId and id. Returns the menu. Fails with NOT_FOUND when the item is not in the menu.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: menuItemRemoveInput,
  prepare(input, env) {
    return onMenu({ type: 'MenuItemRemove', data: { menuId: input.menuId, itemId: input.id } }, input.id, env.ctx)
  },
})

export const menuCommands: readonly AnyCommandDefinition[] = [
  menuCreate,
  menuUpdate,
  menuDelete,
  menuItemAdd,
  menuItemUpdate,
  menuItemMove,
  menuItemRemove,
]
