import { defineCommand, type AnyCommandDefinition, type PrepareEnv, storeWrite } from '../../shared/command.js'
import { DomainError } from '../../shared/errors.js'
import { fold, deciderOf } from '../../shared/event.js'
import { requireLiveProducts } from '../product/live.js'
import type { CategoryEvent } from './events.js'
import { categoryTreeDecider } from './definitions.js'
import {
  categoryProductsAddInput,
  categoryProductsRemoveInput,
  categoryProductsReorderInput,
  decideCategoryProducts,
  evolveCategoryProducts,
  initialCategoryProductsState,
  type CategoryProductsCommand,
} from './products.js'
import { CATEGORY_ENTITY, categoryProductsStream, categoryTreeStream } from './streams.js'
import { onStoreEntity } from '../../shared/store-of.js'

export const categoryProductsDecider = deciderOf(
  initialCategoryProductsState,
  evolveCategoryProducts,
  decideCategoryProducts,
)

const WRITE = storeWrite(CATEGORY_ENTITY, 'products:write', { decider: categoryProductsDecider })
const onCategoryProducts = onStoreEntity<CategoryProductsCommand>(categoryProductsStream)

export const categoryProductsAdd = defineCommand({
  name: 'categoryProductsAdd',
  tool: 'add_category_products',
  description:
    "Assign products to a category, found by categoryId. position says where to insert them in the category's order, counting " +
    'from 0; they go last when omitted. Products already in the category stay where they are, so repeating a call is safe. ' +
    'A product may be in any number of categories. Returns the category. Fails with NOT_FOUND when the category or a product ' +
    'is unknown in this store.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: categoryProductsAddInput,
  async prepare(input, env) {
    const storeId = await liveCategory(env, input.categoryId)
    await requireLiveProducts(env, storeId, input.productIds)
    return onCategoryProducts(env, input.categoryId, {
      type: 'CategoryProductsAdd',
      data: { ...input, position: input.position ?? null },
    })
  },
})

export const categoryProductsRemove = defineCommand({
  name: 'categoryProductsRemove',
  tool: 'remove_category_products',
  description:
    'Take products out of a category, found by categoryId; the products themselves stay in the catalog. Products not in the ' +
    'category are ignored, so repeating a call is safe. Returns the category. Fails with NOT_FOUND when the category is unknown.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: categoryProductsRemoveInput,
  async prepare(input, env) {
    await liveCategory(env, input.categoryId)
    return onCategoryProducts(env, input.categoryId, { type: 'CategoryProductsRemove', data: input })
  },
})

export const categoryProductsReorder = defineCommand({
  name: 'categoryProductsReorder',
  tool: 'reorder_category_products',
  description:
    "Change the order of a category's products: the listed products come first, in the order given, and the others keep " +
    'their order after them. Returns the category. Fails with BAD_USER_INPUT when a listed product is not in the category, ' +
    'and NOT_FOUND when the category is unknown.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: categoryProductsReorderInput,
  async prepare(input, env) {
    await liveCategory(env, input.categoryId)
    return onCategoryProducts(env, input.categoryId, { type: 'CategoryProductsReorder', data: input })
  },
})

export const categoryProductsCommands: readonly AnyCommandDefinition[] = [
  categoryProductsAdd,
  categoryProductsRemove,
  categoryProductsReorder,
]

/** The store id, once the store's tree shows the category live; NOT_FOUND otherwise (also for other stores' categories). */
async function liveCategory(env: PrepareEnv, categoryId: string): Promise<string> {
  if (!env.ctx.storeId)
    throw new DomainError(
      'BAD_USER_INPUT',
      'categories belong to a store: select it with the X-Store header (store id or slug)',
    )
  const storeId = env.ctx.storeId
  const tree = fold(
    categoryTreeDecider,
    (await env.readStream(categoryTreeStream(storeId))) as unknown as CategoryEvent[],
  )
  if (!tree.nodes[categoryId]) {
    throw new DomainError('NOT_FOUND', `category '${categoryId}' does not exist in this store`, {
      field: ['input', 'categoryId'],
    })
  }
  return storeId
}
