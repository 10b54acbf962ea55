import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { CATEGORY_ENTITY } from '../../../../domain/catalog/category/streams.js'
import { DomainError, badInput } from '../../../../domain/shared/errors.js'
import { readEntityHistory } from '../../../../projections/audit/log/history.js'
import { findCategoryAsOf } from '../../../../projections/catalog/category/as-of.js'
import {
  categoriesByIds,
  categoryProducts,
  findCategory,
  listCategories,
  productCountsOfCategories,
  type CategoryCrumb,
  type CategoryProductsArgs,
  type CategoryRecord,
  type ListCategoriesArgs,
} from '../../../../projections/catalog/category/queries.js'
import { findMedia } from '../../../../projections/media/queries.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate, requireScope, requireStore } from '../../../../app/caller.js'
import { type GraphQLContext, type RequestContext } from '../../shared/context.js'
import { wantsTotal } from '../../shared/selection.js'
import { categoryTypeDefs } from './schema.js'
import {
  categoryCreate,
  categoryDelete,
  categoryMove,
  categoryReorder,
  categoryRevert,
  categoryUpdate,
} from '../../../../domain/catalog/category/definitions.js'
import {
  categoryProductsAdd,
  categoryProductsRemove,
  categoryProductsReorder,
} from '../../../../domain/catalog/category/products-definitions.js'

/** The selected store's id, once the credential may read the catalog. */
function readableStore(ctx: RequestContext): string {
  requireScope(ctx, 'products:read')
  return requireStore(ctx).id
}

interface CategoryArgs {
  id?: string | null
  handlePath?: string | null
  asOf?: Date | null
}

/** One category by id or handle path, today or as it was at `asOf`; NOT_FOUND when there is none. */
async function readCategory(ctx: RequestContext, args: CategoryArgs): Promise<CategoryRecord> {
  const storeId = readableStore(ctx)
  const lookup = args.id ? { id: args.id } : args.handlePath ? { path: args.handlePath } : null
  if (!lookup) throw badInput(['id'], 'category needs an id or a handlePath (e.g. men/shirts)')
  const category = args.asOf
    ? await findCategoryAsOf(ctx.platform.eventStore, storeId, lookup, args.asOf)
    : await findCategory(ctx.platform.database.db, storeId, lookup)
  if (category) return category
  const what = 'id' in lookup ? `category '${lookup.id}'` : `no category with handle path '${lookup.path}'`
  const when = args.asOf ? ` at ${args.asOf.toISOString()}` : ''
  throw new DomainError(
    'NOT_FOUND',
    'id' in lookup ? `${what} does not exist in this store${when}` : `${what} in this store${when}`,
  )
}

async function written(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { category: await readCategory(ctx, { id: entityId }), eventPosition }
}

const crumb = (category: CategoryRecord): CategoryCrumb => ({
  id: category.id,
  title: category.title,
  handle: category.handle,
  path: category.path,
})

/** The ancestors as recorded with the category (as-of reads), else as the read model has them today. */
async function ancestors(category: CategoryRecord, ctx: GraphQLContext): Promise<CategoryCrumb[]> {
  if (category.breadcrumbs) return category.breadcrumbs
  const found = await categoriesByIds(ctx.platform.database.db, readableStore(ctx), category.ancestorIds)
  return found.filter((each): each is CategoryRecord => each !== null).map(crumb)
}

const resolvers: GraphQLSlice['resolvers'] = {
  Category: {
    ancestors: (category: CategoryRecord, _args, ctx) => ancestors(category, ctx),
    breadcrumbs: async (category: CategoryRecord, _args, ctx) => [...(await ancestors(category, ctx)), crumb(category)],
    children: (category: CategoryRecord, args: ListCategoriesArgs, ctx, info) =>
      listCategories(
        ctx.platform.database.db,
        readableStore(ctx),
        { ...args, parentId: category.id },
        { count: wantsTotal(info) },
      ),
    products: (category: CategoryRecord, args: CategoryProductsArgs, ctx, info) =>
      categoryProducts(ctx.platform.database.db, readableStore(ctx), category.id, args, { count: wantsTotal(info) }),
    history: (category: CategoryRecord, args: { first?: number | null; after?: string | null }, ctx, info) =>
      readEntityHistory(
        ctx.platform.database.db,
        readableStore(ctx),
        { entityType: CATEGORY_ENTITY, entityId: category.id },
        args,
        { count: wantsTotal(info) },
      ),
  },
  Query: {
    category: (_root, args: CategoryArgs, ctx) => readCategory(ctx, args),
    categories: (_root, args: ListCategoriesArgs, ctx, info) =>
      listCategories(ctx.platform.database.db, readableStore(ctx), args, { count: wantsTotal(info) }),
  },
  Mutation: {
    categoryCreate: (_root, { input }: { input: unknown }, ctx) => written(ctx, categoryCreate, input),
    categoryUpdate: (_root, { input }: { input: unknown }, ctx) => written(ctx, categoryUpdate, input),
    categoryMove: (_root, { input }: { input: unknown }, ctx) => written(ctx, categoryMove, input),
    categoryRevert: (_root, { input }: { input: unknown }, ctx) => written(ctx, categoryRevert, input),
    categoryProductsAdd: (_root, { input }: { input: unknown }, ctx) => written(ctx, categoryProductsAdd, input),
    categoryProductsRemove: (_root, { input }: { input: unknown }, ctx) => written(ctx, categoryProductsRemove, input),
    categoryProductsReorder: (_root, { input }: { input: unknown }, ctx) =>
      written(ctx, categoryProductsReorder, input),
    categoryReorder: async (_root, { input }: { input: { parentId?: string | null } }, ctx) => {
      const { eventPosition } = await mutate(ctx, categoryReorder, input)
      const parentId = input.parentId?.toLowerCase() ?? null
      const db = ctx.platform.database.db
      const storeId = readableStore(ctx)
      const siblings = await listCategories(db, storeId, { parentId, limit: 250 }, { count: false })
      return {
        parent: parentId ? await readCategory(ctx, { id: parentId }) : null,
        categories: siblings.nodes,
        eventPosition,
      }
    },
    categoryDelete: async (_root, { input }: { input: unknown }, ctx) => {
      const { entityId, eventPosition } = await mutate(ctx, categoryDelete, input)
      return { deletedId: entityId, eventPosition }
    },
  },
}

/** `Category.parent`, `image` and `productCount` for every category of a response in one query each. */
const loaders: GraphQLSlice['loaders'] = {
  Category: {
    parent: async (queries: { obj: CategoryRecord }[], context) => {
      const ctx = context as GraphQLContext
      return categoriesByIds(
        ctx.platform.database.db,
        readableStore(ctx),
        queries.map(({ obj }) => obj.parentId ?? ''),
      )
    },
    productCount: async (queries: { obj: CategoryRecord }[], context) => {
      const ctx = context as GraphQLContext
      return productCountsOfCategories(
        ctx.platform.database.db,
        readableStore(ctx),
        queries.map(({ obj }) => obj.id),
      )
    },
    image: async (queries: { obj: CategoryRecord }[], context) => {
      const ctx = context as GraphQLContext
      const storeId = readableStore(ctx)
      return Promise.all(
        queries.map(({ obj }) => (obj.imageId ? findMedia(ctx.platform.database.db, storeId, obj.imageId) : null)),
      )
    },
  },
}

export const categorySlice: GraphQLSlice = { typeDefs: categoryTypeDefs, resolvers, loaders }
