import { describe, expect, it } from 'vitest'
import { useTestApp } from '../test/support/app.js'
import { seedCatalog } from '../test/support/catalog.js'
import { callTool, callToolError, toolNames, useMcpShop, withMcpClient } from '../test/support/mcp.js'

// The bulk product tools and list_products' catalog filters over MCP: the same runner and
// queries as GraphQL's productsBulk* and products(filter).

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-bulk', async ({ tenant }) => ({ catalog: await seedCatalog(t, tenant) }), 120_000)

interface Result {
  index: number
  product?: { id: string; handle: string } | null
  deletedId?: string | null
  errors: { code: string; field: (string | number)[] }[]
}
type Bulk = { results: Result[]; appliedCount: number; failedCount: number; eventPosition: string | null }

describe('bulk product tools', () => {
  it('create_products applies the good items and names index and field of the bad ones', async () => {
    const outcome = await callTool<Bulk>(mcp.client, 'create_products', {
      items: [{ title: 'Mcp One' }, { title: '' }, { title: 'Mcp Two', handle: 'mcp-two' }],
    })
    expect(outcome.isError).toBe(false)
    expect(outcome.data).toMatchObject({ appliedCount: 2, failedCount: 1, eventPosition: expect.any(String) })
    expect(
      outcome.data.results.map((r) => [r.index, r.product?.handle ?? null, r.errors.map((e) => [e.code, e.field])]),
    ).toEqual([
      [0, 'mcp-one', []],
      [1, null, [['BAD_USER_INPUT', ['input', 'items', 1, 'title']]]],
      [2, 'mcp-two', []],
    ])
  })

  it('update_products and delete_products work item by item; delete needs confirm', async () => {
    const id = mcp.catalog.products.get('gift-card')!
    const updated = await callTool<Bulk>(mcp.client, 'update_products', {
      items: [
        { id, title: 'Gift Voucher' },
        { id: '0190a000-0000-7000-8000-000000000000', title: 'x' },
      ],
    })
    expect(updated.data.results.map((r) => [r.product?.id ?? null, r.errors.map((e) => e.code)])).toEqual([
      [id, []],
      [null, ['NOT_FOUND']],
    ])
    expect(await callToolError(mcp.client, 'delete_products', { items: [{ id }] })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'confirm'],
    })
    const deleted = await callTool<Bulk>(mcp.client, 'delete_products', { items: [{ id }, { id }], confirm: true })
    expect(deleted.data.results.map((r) => [r.deletedId, r.errors.map((e) => e.code)])).toEqual([
      [id, []],
      [null, ['NOT_FOUND']],
    ])
  })

  it('refuses more than 250 items as a whole', async () => {
    const items = Array.from({ length: 251 }, (_, i) => ({ title: `Too many ${i}` }))
    expect(await callToolError(mcp.client, 'create_products', { items })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'items'],
    })
  })

  it('is offered only to keys that may write products', async () => {
    await withMcpClient(mcp.url, await t.key('mcp-bulk', ['products:read']), async (reader) => {
      const names = await toolNames(reader)
      expect(names.filter((name) => name.endsWith('_products') && name !== 'list_products')).toEqual([])
    })
  })
})

describe('list_products catalog filters', () => {
  it('filters on price, category, attributes and sku, and sorts by price', async () => {
    const list = async (args: Record<string, unknown>) =>
      (
        await callTool<{ nodes: { handle: string }[] }>(mcp.client, 'list_products', { first: 250, ...args })
      ).data.nodes.map((n) => n.handle)
    expect(await list({ filter: { price: { min: '11' } }, sort: 'PRICE_ASC' })).toEqual([
      'red-tee',
      'blue-tee',
      'blue-scarf',
    ])
    expect(
      await list({ filter: { category: { id: mcp.catalog.categories.get('shirts') } }, sort: 'HANDLE_ASC' }),
    ).toEqual(['blue-tee', 'red-tee'])
    expect(await list({ filter: { attributes: [{ code: 'organic', eq: true }] }, sort: 'HANDLE_ASC' })).toEqual([
      'blue-scarf',
      'red-tee',
    ])
    expect(await list({ filter: { sku: { eq: 'CAP-G' }, inventory: { min: 10 } } })).toEqual(['green-cap'])
  })
})
