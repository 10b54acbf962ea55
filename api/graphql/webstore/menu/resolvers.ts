import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { DomainError, badInput, notFound } from '../../../../domain/shared/errors.js'
import { MENU_CATEGORY } from '../../../../domain/webstore/menu/streams.js'
import { readEntityHistory } from '../../../../projections/audit/log/history.js'
import { brokenLinks } from '../../../../projections/webstore/menu/links.js'
import {
  findMenu,
  listMenus,
  type ListMenusArgs,
  type MenuRecord,
} from '../../../../projections/webstore/menu/queries.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate, requireScope, requireStore } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { wantsTotal } from '../../shared/selection.js'
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

async function readMenu(
  ctx: RequestContext,
  lookup: { id?: string | null; handle?: string | null },
): Promise<MenuRecord> {
  requireScope(ctx, 'webstore:read')
  const store = requireStore(ctx)
  const db = ctx.platform.database.db
  if (lookup.id) {
    const menu = await findMenu(db, store.id, { id: lookup.id })
    if (!menu) throw notFound('menu', lookup.id)
    return menu
  }
  if (lookup.handle) {
    const menu = await findMenu(db, store.id, { handle: lookup.handle })
    if (!menu) throw new DomainError('NOT_FOUND', `no menu with handle '${lookup.handle}' in this store`)
    return menu
  }
  throw badInput(['id'], 'menu needs an id or a handle')
}

/** Runs an item command and reads its menu back: the input names the menu, the command the item. */
async function itemWrite(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { menu: await readMenu(ctx, { id: (input as { menuId: string }).menuId }), itemId: entityId, eventPosition }
}

async function menuWrite(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { menu: await readMenu(ctx, { id: entityId }), eventPosition }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    menu: (_root, args: { id?: string; handle?: string }, ctx) => readMenu(ctx, args),
    menus: (_root, args: ListMenusArgs, ctx, info) => {
      requireScope(ctx, 'webstore:read')
      return listMenus(ctx.platform.database.db, requireStore(ctx).id, args, { count: wantsTotal(info) })
    },
  },
  Menu: {
    brokenLinks: (menu: MenuRecord, _args, ctx) =>
      brokenLinks(ctx.platform.database.db, requireStore(ctx).id, menu.flatItems),
    history: (menu: MenuRecord, args: { first?: number | null; after?: string | null }, ctx, info) =>
      readEntityHistory(
        ctx.platform.database.db,
        requireStore(ctx).id,
        { entityType: MENU_CATEGORY, entityId: menu.id },
        args,
        { count: wantsTotal(info) },
      ),
  },
  MenuItem: {
    id: (item: { itemId: string }) => item.itemId,
  },
  Mutation: {
    menuCreate: (_root, { input }: { input: unknown }, ctx) => menuWrite(ctx, menuCreate, input),
    menuUpdate: (_root, { input }: { input: unknown }, ctx) => menuWrite(ctx, menuUpdate, input),
    menuDelete: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, menuDelete, input)
      return { deletedId: entityId, eventPosition }
    },
    menuItemAdd: (_root, { input }: { input: unknown }, ctx) => itemWrite(ctx, menuItemAdd, input),
    menuItemUpdate: (_root, { input }: { input: unknown }, ctx) => itemWrite(ctx, menuItemUpdate, input),
    menuItemMove: (_root, { input }: { input: unknown }, ctx) => itemWrite(ctx, menuItemMove, input),
    menuItemRemove: (_root, { input }: { input: unknown }, ctx) => itemWrite(ctx, menuItemRemove, input),
  },
}

/** Menus with nested items and their broken links. */
export const menuSlice: GraphQLSlice = { typeDefs: menuTypeDefs, resolvers }
