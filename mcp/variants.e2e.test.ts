import { describe, expect, it } from 'vitest'
import { useTestApp } from '../test/support/app.js'
import { callTool, callToolError, useMcpShop } from '../test/support/mcp.js'
import { FIRST_OF_THREE_BY_THREE, threeByThree } from '../test/support/variant-api.js'
import type { ProductJson } from './catalog/product/views.js'

// An agent builds a product with options and variants and keeps its stock, through the write
// tools the registry generates and get_product.

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-variants')

describe('variant tools', () => {
  it('creates a product with its variants, reads them back with get_product and adjusts stock with a reason', async () => {
    const created = await callTool<ProductJson>(mcp.client, 'create_product', threeByThree())
    expect(created.isError).toBe(false)
    const product = created.data
    expect(product.options.map((o) => o.name)).toEqual(['Size', 'Color'])
    expect(product.variants).toHaveLength(9)
    expect(product.variants[0]).toEqual({
      id: expect.any(String),
      productId: product.id,
      title: 'S / Red',
      ...FIRST_OF_THREE_BY_THREE,
      inventoryReserved: 0,
      inventoryAvailable: 1,
      optionValues: [
        { name: 'Size', value: 'S' },
        { name: 'Color', value: 'Red' },
      ],
      mediaId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })

    const variantId = product.variants[0]!.id
    const adjusted = await callTool<ProductJson>(mcp.client, 'adjust_inventory', {
      productId: product.id,
      variantId,
      delta: -1,
      reason: 'DAMAGED',
      note: 'torn seam',
    })
    expect(adjusted.data.variants[0]!.inventoryQuantity).toBe(0)
    const read = await callTool<ProductJson>(mcp.client, 'get_product', { id: product.id })
    expect(read.data.variants[0]!.inventoryQuantity).toBe(0)

    const log = await callTool<{ nodes: { type: string; data: Record<string, unknown>; actor: { type: string } }[] }>(
      mcp.client,
      'get_audit_log',
      { filter: { entityId: product.id, eventType: 'ProductInventoryAdjusted' } },
    )
    expect(log.data.nodes.map((n) => [n.actor.type, n.data.reason, n.data.note])).toEqual([
      ['mcp', 'DAMAGED', 'torn seam'],
    ])
  })

  it('answers errors with the field at fault, and refuses destructive tools without confirm', async () => {
    const product = (
      await callTool<ProductJson>(mcp.client, 'create_product', {
        title: 'Pen',
        variants: [{ price: '1', sku: 'PEN' }],
      })
    ).data
    const money = await callToolError(mcp.client, 'update_product_variant', {
      productId: product.id,
      id: product.variants[0]!.id,
      price: '1.005',
    })
    expect(money).toEqual({
      code: 'BAD_USER_INPUT',
      field: ['input', 'price'],
      message: "price '1.005' has too many decimals: USD allows at most 2 decimals",
    })
    const unconfirmed = await callToolError(mcp.client, 'remove_product_variants', {
      productId: product.id,
      variantIds: [product.variants[0]!.id],
    })
    expect(unconfirmed.code).toBe('BAD_USER_INPUT')
    const deleted = await callTool<ProductJson>(mcp.client, 'remove_product_variants', {
      productId: product.id,
      variantIds: [product.variants[0]!.id],
      confirm: true,
    })
    expect(deleted.data.variants).toEqual([])
  })
})
