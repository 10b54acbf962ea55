import { streamName } from '../../shared/streams.js'

export const MENU_CATEGORY = 'menu'

/** `menu-<storeId>_<menuId>`: the menu with its whole item tree, so a move is one atomic write. */
export function menuStream(storeId: string, menuId: string): string {
  return streamName(MENU_CATEGORY, storeId, menuId)
}

/** Menu handles are unique per store: `uniq-<storeId>_menu-handle:<handle>`. */
export function menuHandleKey(handle: string): string {
  return `menu-handle:${handle}`
}
