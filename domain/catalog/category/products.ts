import { entityId } from '../../shared/input-types.js'
import {
  idListInput,
  insertedAt,
  insertion,
  insertPositionInput,
  listedTwice,
  removal,
  reordering,
  without,
} from '../../shared/ordered-ids.js'
import type { DomainEvent } from '../../shared/event.js'
import { strictInput } from '../../shared/strict-input.js'

/** Products one call may name. */
export const CATEGORY_PRODUCTS_PER_CALL = 250

// Events: what happened to the ordered list of products assigned to one category.

/** `productIds` were inserted, in this order, at index `position` of the category's list. */
export type CategoryProductsAdded = DomainEvent<
  'CategoryProductsAdded',
  { categoryId: string; productIds: string[]; position: number }
>
/** `positions[i]` is the index `productIds[i]` had before the removal, so readers can close the gaps. */
export type CategoryProductsRemoved = DomainEvent<
  'CategoryProductsRemoved',
  { categoryId: string; productIds: string[]; positions: number[] }
>
/** `productIds` is the whole new order. */
export type CategoryProductsReordered = DomainEvent<
  'CategoryProductsReordered',
  { categoryId: string; productIds: string[] }
>

export type CategoryProductsEvent = CategoryProductsAdded | CategoryProductsRemoved | CategoryProductsReordered

export const CATEGORY_PRODUCTS_EVENT_TYPES: readonly CategoryProductsEvent['type'][] = [
  'CategoryProductsAdded',
  'CategoryProductsRemoved',
  'CategoryProductsReordered',
]

// Commands and their inputs.

const categoryId = entityId('category', 'categoryId').describe('The category id (a UUID).')

const productIds = idListInput('productIds', 'product')
  .max(CATEGORY_PRODUCTS_PER_CALL, `productIds may name at most ${CATEGORY_PRODUCTS_PER_CALL} products per call`)
  .describe('Product ids of this store (create_product and list_products return them).')

export const categoryProductsAddInput = strictInput('categoryProductsAdd', {
  categoryId,
  productIds: productIds.overwrite((ids) => [...new Set(ids)]),
  position: insertPositionInput,
})
export const categoryProductsRemoveInput = strictInput('categoryProductsRemove', { categoryId, productIds })
export const categoryProductsReorderInput = strictInput('categoryProductsReorder', { categoryId, productIds })

export type CategoryProductsAdd = {
  type: 'CategoryProductsAdd'
  data: { categoryId: string; productIds: string[]; position: number | null }
}
export type CategoryProductsRemove = {
  type: 'CategoryProductsRemove'
  data: { categoryId: string; productIds: string[] }
}
export type CategoryProductsReorder = {
  type: 'CategoryProductsReorder'
  data: { categoryId: string; productIds: string[] }
}
export type CategoryProductsCommand = CategoryProductsAdd | CategoryProductsRemove | CategoryProductsReorder

// State: the category's products in order. Whether the category and the products exist is
// checked by `prepare` against their own streams.

export type CategoryProductsState = { productIds: string[] }

export const initialCategoryProductsState = (): CategoryProductsState => ({ productIds: [] })

export function evolveCategoryProducts(
  state: CategoryProductsState,
  event: CategoryProductsEvent,
): CategoryProductsState {
  switch (event.type) {
    case 'CategoryProductsAdded':
      return { productIds: insertedAt(state.productIds, event.data.productIds, event.data.position) }
    case 'CategoryProductsRemoved':
      return { productIds: without(state.productIds, event.data.productIds) }
    case 'CategoryProductsReordered':
      return { productIds: [...event.data.productIds] }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}

/** Pure: adding what is there, removing what is not, or reordering into the same order records nothing. */
export function decideCategoryProducts(
  command: CategoryProductsCommand,
  state: CategoryProductsState,
): CategoryProductsEvent[] {
  const current = state.productIds
  const { categoryId } = command.data
  switch (command.type) {
    case 'CategoryProductsAdd': {
      const added = insertion(current, command.data.productIds, command.data.position)
      return added
        ? [{ type: 'CategoryProductsAdded', data: { categoryId, productIds: added.ids, position: added.position } }]
        : []
    }
    case 'CategoryProductsRemove': {
      const removed = removal(current, command.data.productIds)
      if (!removed) return []
      const data = { categoryId, productIds: removed.ids, positions: removed.positions }
      return [{ type: 'CategoryProductsRemoved', data }]
    }
    case 'CategoryProductsReorder': {
      const order = reordering(current, command.data.productIds, {
        field: 'productIds',
        notInList: (id) => `product '${id}' is not in category '${categoryId}'; add it first with categoryProductsAdd`,
        twice: listedTwice('product'),
      })
      return order ? [{ type: 'CategoryProductsReordered', data: { categoryId, productIds: order } }] : []
    }
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}
