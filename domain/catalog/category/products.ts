import { z } from 'zod'
import { entityId, wholeNumber } from '../../shared/input-types.js'
import { badInput } from '../../shared/errors.js'
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

const productIds = z
  .array(
    z.uuid({ error: 'each product id must be a product id (a UUID)' }).overwrite((id) => id.toLowerCase()),
    {
      error: (issue) =>
        issue.input === undefined ? 'productIds is required' : 'productIds must be a list of product ids',
    },
  )
  .min(1, 'productIds must name at least one product')
  .max(CATEGORY_PRODUCTS_PER_CALL, `productIds may name at most ${CATEGORY_PRODUCTS_PER_CALL} products per call`)
  .describe('Product ids of this store (create_product and list_products return them).')

export const categoryProductsAddInput = strictInput('categoryProductsAdd', {
  categoryId,
  productIds: productIds.overwrite((ids) => [...new Set(ids)]),
  position: wholeNumber('position', { min: 0 })
    .nullish()
    .describe('Where to insert them, counting from 0 (0 puts them first); the end when omitted or beyond it.'),
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
    case 'CategoryProductsAdded': {
      const list = state.productIds
      return {
        productIds: [
          ...list.slice(0, event.data.position),
          ...event.data.productIds,
          ...list.slice(event.data.position),
        ],
      }
    }
    case 'CategoryProductsRemoved':
      return { productIds: state.productIds.filter((id) => !event.data.productIds.includes(id)) }
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
      const added = command.data.productIds.filter((id) => !current.includes(id))
      if (added.length === 0) return []
      const position = Math.min(command.data.position ?? current.length, current.length)
      return [{ type: 'CategoryProductsAdded', data: { categoryId, productIds: added, position } }]
    }
    case 'CategoryProductsRemove': {
      const removed = current.filter((id) => command.data.productIds.includes(id))
      if (removed.length === 0) return []
      return [
        {
          type: 'CategoryProductsRemoved',
          data: { categoryId, productIds: removed, positions: removed.map((id) => current.indexOf(id)) },
        },
      ]
    }
    case 'CategoryProductsReorder': {
      const listed = command.data.productIds
      listed.forEach((id, index) => {
        if (!current.includes(id))
          throw badInput(
            ['input', 'productIds', index],
            `product '${id}' is not in category '${categoryId}'; add it first with categoryProductsAdd`,
          )
        if (listed.indexOf(id) !== index)
          throw badInput(['input', 'productIds', index], `product '${id}' is listed twice; list each product once`)
      })
      const order = [...listed, ...current.filter((id) => !listed.includes(id))]
      return order.every((id, index) => id === current[index])
        ? []
        : [{ type: 'CategoryProductsReordered', data: { categoryId, productIds: order } }]
    }
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}
