import { CATEGORY_ENTITY } from '../../../../domain/catalog/category/streams.js'
import {
  categoriesByIds,
  categoryAncestors,
  listCategories,
  listCategoryProducts,
  productCounts,
  readCategory,
  type CategoryLookup,
  type CategoryProductsArgs,
  type ListCategoriesArgs,
} from '../../../../app/catalog/category/reads.js'
import { toCrumbView, type CategoryView } from '../../../../app/catalog/category/view.js'
import { mediaByIds } from '../../../../app/media/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { batchLoader, idOf } from '../../shared/loaders.js'
import { mutate } from '../../../../app/caller.js'
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
import { historyResolver } from '../../shared/history.js'
import { mutationResolvers, type WrittenEntity } from '../../shared/mutations.js'

const writtenCategory: WrittenEntity = { field: 'category', read: (ctx, id) => readCategory(ctx, { id }) }

const resolvers: GraphQLSlice['resolvers'] = {
  Category: {
    ancestors: (category: CategoryView, _args, ctx) => categoryAncestors(ctx, category),
    breadcrumbs: async (category: CategoryView, _args, ctx) => [
      ...(await categoryAncestors(ctx, category)),
      toCrumbView(category),
    ],
    children: (category: CategoryView, args: ListCategoriesArgs, ctx, info) =>
      listCategories(ctx, { ...args, parentId: category.id }, { count: wantsTotal(info) }),
    products: (category: CategoryView, args: CategoryProductsArgs, ctx, info) =>
      listCategoryProducts(ctx, category.id, args, { count: wantsTotal(info) }),
    history: historyResolver('products:read', CATEGORY_ENTITY),
  },
  Query: {
    category: (_root, args: CategoryLookup, ctx) => readCategory(ctx, args),
    categories: listResolver(listCategories),
  },
  Mutation: {
    ...mutationResolvers(
      [
        categoryCreate,
        categoryUpdate,
        categoryMove,
        categoryRevert,
        categoryProductsAdd,
        categoryProductsRemove,
        categoryProductsReorder,
        categoryDelete,
      ],
      writtenCategory,
    ),
    // Answers with the parent and its reordered children, not one category.
    categoryReorder: async (_root, { input }: { input: { parentId?: string | null } }, ctx) => {
      const { eventPosition } = await mutate(ctx, categoryReorder, input)
      const parentId = input.parentId?.toLowerCase() ?? null
      const siblings = await listCategories(ctx, { parentId, limit: 250 }, { count: false })
      return {
        parent: parentId ? await readCategory(ctx, { id: parentId }) : null,
        categories: siblings.nodes,
        eventPosition,
      }
    },
  },
}

/** `Category.parent`, `image` and `productCount` for every category of a response in one query each. */
const loaders: GraphQLSlice['loaders'] = {
  Category: {
    parent: batchLoader((category: CategoryView) => category.parentId ?? '', categoriesByIds),
    productCount: batchLoader(idOf, productCounts),
    image: batchLoader((category: CategoryView) => category.imageId, mediaByIds),
  },
}

export const categorySlice: GraphQLSlice = { typeDefs: categoryTypeDefs, resolvers, loaders }
