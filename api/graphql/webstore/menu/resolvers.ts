import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { MENU_CATEGORY } from '../../../../domain/webstore/menu/streams.js'
import { listMenus, readMenu } from '../../../../app/webstore/menu/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { mutate } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { mutationResolvers, type WrittenEntity } from '../../shared/mutations.js'
import { menuTypeDefs } from './schema.js'
import {
  menuCreate,
  menuDelete,
  menuItemAdd,
  menuItemMove,
  menuItemRemove,
  menuItemUpdate,
  menuUpdate,
} from '../../../../domain/webstore/menu/definitions.js'
import { historyResolver } from '../../shared/history.js'

/** Runs an item command and reads its menu back: the input names the menu, the command the item. */
async function itemWrite(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { menu: await readMenu(ctx, { id: (input as { menuId: string }).menuId }), itemId: entityId, eventPosition }
}

const writtenMenu: WrittenEntity = { field: 'menu', read: (ctx, id) => readMenu(ctx, { id }) }

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    menu: (_root, args: { id?: string; handle?: string }, ctx) => readMenu(ctx, args),
    menus: listResolver(listMenus),
  },
  Menu: {
    history: historyResolver('webstore:read', MENU_CATEGORY),
  },
  Mutation: {
    ...mutationResolvers([menuCreate, menuUpdate, menuDelete], writtenMenu),
    menuItemAdd: (_root, { input }: { input: unknown }, ctx) => itemWrite(ctx, menuItemAdd, input),
    menuItemUpdate: (_root, { input }: { input: unknown }, ctx) => itemWrite(ctx, menuItemUpdate, input),
    menuItemMove: (_root, { input }: { input: unknown }, ctx) => itemWrite(ctx, menuItemMove, input),
    menuItemRemove: (_root, { input }: { input: unknown }, ctx) => itemWrite(ctx, menuItemRemove, input),
  },
}

/** Menus with nested items and their broken links. */
export const menuSlice: GraphQLSlice = { typeDefs: menuTypeDefs, resolvers }
