import { z } from 'zod'
import type { BulkResult } from '../../../app/catalog/bulk.js'
import {
  productsBulkCreateService,
  productsBulkDeleteService,
  productsBulkUpdateService,
} from '../../../app/catalog/product/bulk-services.js'
import { productsByIds } from '../../../app/catalog/product/reads.js'
import { serviceTool } from '../../service-tools.js'
import { callerOf, type ToolCall } from '../../shared/session.js'
import type { ShopTool } from '../../shared/tool.js'
import { eventPosition } from '../../shared/write.js'
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

const counts = ({ appliedCount, failedCount, eventPosition }: BulkResult) => ({
  appliedCount,
  failedCount,
  eventPosition,
})

/** Each item with its product as get_product shows it (read back once for all), or its errors. */
async function withProducts(result: BulkResult, call: ToolCall): Promise<Record<string, unknown>> {
  const caller = callerOf(call)
  const ids = result.results.map((r) => (r.errors.length ? '' : (r.entityId ?? '')))
  const found = (await productsByIds(caller, ids)).filter((p) => p !== null)
  const json = new Map((await productsJson(caller, found)).map((p) => [p.id, p]))
  return {
    ...counts(result),
    results: result.results.map((r) => ({
      index: r.index,
      product: r.errors.length ? null : (json.get(r.entityId ?? '') ?? null),
      errors: r.errors,
    })),
  }
}

const writeAnswer = { output: outcome('product', productSchema.nullable()), present: withProducts }

/** `create_products`, `update_products`, `delete_products`: the bulk services of the registry for agents. */
export const productBulkTools: readonly ShopTool[] = [
  serviceTool(productsBulkCreateService, writeAnswer),
  serviceTool(productsBulkUpdateService, writeAnswer),
  serviceTool(productsBulkDeleteService, {
    output: outcome('deletedId', z.string().nullable()),
    present: (result) => ({
      ...counts(result),
      results: result.results.map((r) => ({
        index: r.index,
        deletedId: r.errors.length ? null : r.entityId,
        errors: r.errors,
      })),
    }),
  }),
]
