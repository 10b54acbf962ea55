import { describe, expect, it } from 'vitest'
import { useTestApp } from './support/app.js'
import { callTool, callToolError, useMcpShop } from './support/mcp.js'

// Issue 11, defects 2, 3, 6 and 7, through MCP: the command path (write tools) and the read
// tools' arguments refuse what GraphQL refuses, with the same code and field path.

const t = useTestApp()
const mcp = useMcpShop(t, 'bounds-mcp')

async function productCount(): Promise<number> {
  return (await callTool<{ totalCount: number }>(mcp.client, 'list_products', {})).data.totalCount
}

function nestedFilter(depth: number): Record<string, unknown> {
  let filter: Record<string, unknown> = { title: { eq: 'x' } }
  for (let i = 0; i < depth; i++) filter = { and: [filter] }
  return filter
}

describe('write tools', () => {
  it('refuse NUL, unpaired surrogates and year 0 at the zod path, and write nothing', async () => {
    const before = await productCount()
    expect(await callToolError(mcp.client, 'create_product', { title: 'Bad\u0000Lamp' })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'title'],
      message: expect.stringMatching(/^input\.title holds a NUL/),
    })
    expect(await callToolError(mcp.client, 'create_product', { title: 'Lamp', tags: ['\ud800'] })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'tags', 0],
    })
    expect(
      await callToolError(mcp.client, 'create_product', {
        title: 'Lamp',
        status: 'DRAFT',
        publishAt: '0000-01-01T00:00:00Z',
      }),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'publishAt'],
      message: expect.stringMatching(/publishAt must lie in the years 1 to 9999/),
    })
    expect(await productCount()).toBe(before)
  })

  it('refuse a JSON attribute value nested deeper than 32 levels at its path', async () => {
    const created = await callTool<{ id: string }>(mcp.client, 'create_product', { title: 'Json Lamp' })
    let value: unknown = 1
    for (let i = 0; i < 40; i++) value = [value]
    const error = await callToolError(mcp.client, 'set_product_attributes', {
      productId: created.data.id,
      values: [{ code: 'care', value }],
    })
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(/more than 32 levels/) })
    expect(error.field!.slice(0, 4)).toEqual(['input', 'values', 0, 'value'])
  })
})

describe('numbers', () => {
  it('refuse a position beyond the integer column it lands in', async () => {
    const created = await callTool<{ id: string }>(mcp.client, 'create_product', { title: 'Far Option' })
    const error = await callToolError(mcp.client, 'add_product_option', {
      productId: created.data.id,
      name: 'Size',
      values: ['S'],
      position: 1e12,
    })
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'position'],
      message: expect.stringMatching(/at most 2147483647/),
    })
  })
})

describe('read tools', () => {
  it('refuse filter bombs naming the limit, and strings text cannot hold', async () => {
    const deep = await callToolError(mcp.client, 'list_products', { filter: nestedFilter(2_000) })
    expect(deep).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(/at most 5 levels/) })
    const or = Array.from({ length: 10_000 }, (_, i) => ({ title: { eq: `t${i}` } }))
    expect(await callToolError(mcp.client, 'list_products', { filter: { or } })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['filter', 'or'],
      message: expect.stringMatching(/at most 100 on each level/),
    })
    expect(await callToolError(mcp.client, 'list_products', { filter: { title: { eq: '\u0000' } } })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['filter', 'title', 'eq'],
    })
  })

  it('refuse a page, a date and an inventory bound Postgres cannot take', async () => {
    expect(await callToolError(mcp.client, 'list_products', { page: 1e15 })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['page'],
    })
    expect(
      await callToolError(mcp.client, 'list_products', { filter: { createdAt: { from: '0000-01-01T00:00:00Z' } } }),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['filter', 'createdAt', 'from'] })
    expect(await callToolError(mcp.client, 'list_products', { filter: { inventory: { min: 1e12 } } })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['filter', 'inventory', 'min'],
    })
  })
})
