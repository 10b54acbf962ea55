import { z } from 'zod'
import { productCreate, productDelete, productUpdate } from '../../../domain/catalog/product/definitions.js'
import { grantsCommand, type AnyCommandDefinition } from '../../../domain/shared/command.js'
import type { Scope } from '../../../domain/shared/scopes.js'
import { BULK_MAX_ITEMS, runBulk } from '../../../app/catalog/bulk.js'
import { productsByIds } from '../../../app/catalog/product/reads.js'
import { parseInput } from '../../shared/schema.js'
import { callerOf, commandContext, requireStore, type ToolCall } from '../../shared/session.js'
import { shopTool, type ShopTool } from '../../shared/tool.js'
import { confirmField, confirmed, eventPosition } from '../../shared/write.js'
import { productSchema, productsJson } from './views.js'

const itemError = z.object({
  code: z.string(),
  message: z.string(),
  field: z.array(z.union([z.string(), z.number()])).describe('["input", "items", <index>, <field>]'),
})

const outcome = (key: 'product' | 'deletedId', entity: z.ZodType) =>
  z.object({
    results: z.array(z.object({ index: z.number(), [key]: entity, errors: z.array(itemError) })),
    appliedCount: z.number(),
    failedCount: z.number(),
    eventPosition,
  })

const writeOutput = outcome('product', productSchema.nullable())
const deleteOutput = outcome('deletedId', z.string().nullable())

const items = (what: string) =>
  z
    .array(z.record(z.string(), z.unknown()), { error: 'items must be a list of objects' })
    .describe(`1 to ${BULK_MAX_ITEMS} items, each ${what}. Each is applied or refused on its own.`)

const available = (definition: AnyCommandDefinition) => (scopes: readonly Scope[]) => grantsCommand(scopes, definition)

/** Runs the items and answers each with its product read back (or deleted id) and its errors. */
async function bulk(
  call: ToolCall,
  command: 'productCreate' | 'productUpdate' | 'productDelete',
  raw: unknown,
): Promise<Record<string, unknown>> {
  requireStore(call.session)
  const result = await runBulk(call.session.platform, commandContext(call), command, raw as unknown[])
  const failedCount = result.results.filter((r) => r.errors.length).length
  const base = { appliedCount: result.results.length - failedCount, failedCount, eventPosition: result.eventPosition }
  if (command === 'productDelete') {
    return {
      ...base,
      results: result.results.map((r) => ({
        index: r.index,
        deletedId: r.errors.length ? null : r.entityId,
        errors: r.errors,
      })),
    }
  }
  const caller = callerOf(call)
  const found = (
    await productsByIds(
      caller,
      result.results.map((r) => (r.errors.length ? '' : (r.entityId ?? ''))),
    )
  ).filter((p) => p !== null)
  const json = new Map((await productsJson(caller, found)).map((p) => [p.id, p]))
  return {
    ...base,
    results: result.results.map((r) => ({
      index: r.index,
      product: r.errors.length ? null : (json.get(r.entityId ?? '') ?? null),
      errors: r.errors,
    })),
  }
}

/** `create_products`, `update_products`, `delete_products`: the bulk mutations for agents. */
export const productBulkTools: readonly ShopTool[] = [
  shopTool({
    name: 'create_products',
    description:
      `Create up to ${BULK_MAX_ITEMS} products in one call, each item taking the arguments of create_product. Items are created in ` +
      'order, each on its own: a bad item is reported in its result (errors with code, message and field ["input", "items", index, …]) ' +
      'and the others are still created. Returns one result per item with the product, and appliedCount / failedCount.',
    available: available(productCreate),
    input: z.strictObject({ items: items('the arguments of create_product') }),
    output: writeOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: (args, call) => bulk(call, 'productCreate', parseInput(z.strictObject({ items: items('') }), args).items),
  }),
  shopTool({
    name: 'update_products',
    description:
      `Change up to ${BULK_MAX_ITEMS} products in one call, each item taking the arguments of update_product (id and the fields to change). ` +
      'Each item is applied or refused on its own; values a product already has change nothing. Returns one result per item.',
    available: available(productUpdate),
    input: z.strictObject({ items: items('the arguments of update_product') }),
    output: writeOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    run: (args, call) => bulk(call, 'productUpdate', parseInput(z.strictObject({ items: items('') }), args).items),
  }),
  shopTool({
    name: 'delete_products',
    description:
      `Delete up to ${BULK_MAX_ITEMS} products for good, each item {id}. This cannot be undone: ask the user, then pass confirm: true. ` +
      'Each item is deleted or refused on its own (NOT_FOUND for unknown ids). Returns one result per item with the deleted id.',
    available: available(productDelete),
    input: z.strictObject({ items: items('{id}'), confirm: confirmField }),
    output: deleteOutput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
    run: (args, call) =>
      bulk(
        call,
        'productDelete',
        parseInput(z.strictObject({ items: items('') }), confirmed('delete_products', args)).items,
      ),
  }),
]
