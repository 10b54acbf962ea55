import { filterSchema } from '../../../domain/shared/list-spec.js'
import { MENU_LIST } from '../../../domain/webstore/menu/list.js'
import { MENU_SORTS, listMenus, readMenu } from '../../../app/webstore/menu/reads.js'
import { menuViewSchema } from '../../../app/webstore/menu/view.js'
import { getTool, idOrHandle, listTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

// Read tools for menus; their write tools come from the command registry.

export const menuReadTools: readonly ShopTool[] = [
  getTool({
    name: 'get_menu',
    description:
      'Get a menu of the current store by id or handle (e.g. main-menu): its item tree and brokenLinks (items whose page, product … is gone). Fails with NOT_FOUND when there is no such menu.',
    scope: 'webstore:read',
    input: idOrHandle('menu'),
    output: menuViewSchema,
    read: (caller, lookup) => readMenu(caller, lookup, 'get_menu'),
  }),
  listTool({
    name: 'list_menus',
    description:
      "List the current store's menus with filters (title, handle, search, updatedAt), sort (CREATED_AT_DESC when omitted) and pagination (page+limit, first+after with pageInfo.endCursor, or last+before with pageInfo.startCursor). Returns nodes, pageInfo and totalCount.",
    scope: 'webstore:read',
    filter: filterSchema(MENU_LIST),
    sorts: MENU_SORTS,
    node: menuViewSchema,
    list: listMenus,
  }),
]
