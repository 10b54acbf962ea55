import { z } from 'zod'
import { strictInput } from '../../shared/strict-input.js'
import { defineService, type AnyServiceDefinition } from '../../shared/service.js'
import { productCreateInput, productDeleteInput, productUpdateInput } from './commands.js'
import { PRODUCT_CATEGORY } from './streams.js'

/** The most items one bulk call takes: the same bound as a list page. */
export const BULK_MAX_ITEMS = 250

const WRITE = {
  resource: PRODUCT_CATEGORY,
  scope: 'products:write',
  transports: ['graphql', 'mcp'],
  storeScoped: true,
} as const

/**
 * The published input of a bulk call: items of the single command's input. The service checks
 * only the list itself, then each item goes through its command on its own, so a bad item is
 * reported in its result instead of refusing the whole call.
 */
function itemsOf<Item>(command: string, item: z.ZodType<Item>, what: string) {
  return strictInput(command, {
    items: z
      .array(item, { error: 'items must be a list of objects' })
      .describe(`1 to ${BULK_MAX_ITEMS} items, each ${what}. Each is applied or refused on its own.`),
  })
}

export const productsBulkCreate = defineService({
  name: 'productsBulkCreate',
  tool: 'create_products',
  description:
    `Create up to ${BULK_MAX_ITEMS} products in one call, each item taking the arguments of create_product. Items are created in ` +
    'order, each on its own: a bad item is reported in its result (errors with code, message and field ["input", "items", index, …]) ' +
    'and the others are still created. Returns one result per item with the product, and appliedCount / failedCount.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: itemsOf('productsBulkCreate', productCreateInput, 'the arguments of create_product'),
})

export const productsBulkUpdate = defineService({
  name: 'productsBulkUpdate',
  tool: 'update_products',
  description:
    `Change up to ${BULK_MAX_ITEMS} products in one call, each item taking the arguments of update_product (id and the fields to change). ` +
    'Each item is applied or refused on its own; values a product already has change nothing. Returns one result per item.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: itemsOf('productsBulkUpdate', productUpdateInput, 'the arguments of update_product'),
})

export const productsBulkDelete = defineService({
  name: 'productsBulkDelete',
  tool: 'delete_products',
  description:
    `Delete up to ${BULK_MAX_ITEMS} products for good, each item {id}. This cannot be undone: ask the user, then pass confirm: true. ` +
    'Each item is deleted or refused on its own (NOT_FOUND for unknown ids). Returns one result per item with the deleted id.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: itemsOf('productsBulkDelete', productDeleteInput, '{id}'),
})

export const productBulkServices: readonly AnyServiceDefinition[] = [
  productsBulkCreate,
  productsBulkUpdate,
  productsBulkDelete,
]
