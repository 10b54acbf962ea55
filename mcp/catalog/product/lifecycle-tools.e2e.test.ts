import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type Tenant, type TestApp } from '../../../test/support/app.js'
import { callTool, callToolError, connectMcp } from '../../../test/support/mcp.js'

// An agent schedules, copies and reverts products with the tools generated from the registry.

type ProductJson = {
  id: string
  title: string
  handle: string
  status: string
  revision: number
  seo: { title: string; description: string }
  publishAt: string | null
}

let t: TestApp
let shop: Tenant
let client: Client

beforeAll(async () => {
  t = await startTestApp()
  shop = await t.tenant('mcp-lifecycle')
  client = await connectMcp(t, shop.apiKey)
})

afterAll(async () => {
  await client?.close()
  await t?.close()
})

describe('product lifecycle tools', () => {
  it('lists duplicate_product and revert_product, but not the scheduler’s own command', async () => {
    const names = (await client.listTools()).tools.map((tool) => tool.name)
    expect(names).toEqual(expect.arrayContaining(['duplicate_product', 'revert_product', 'create_product']))
    expect(names).not.toContain('publish_due_product')
  })

  it('creates with SEO and a schedule, copies, renames and reverts, answering with the product each time', async () => {
    const publishAt = '2027-01-01T00:00:00.000Z'
    const created = await callTool<ProductJson>(client, 'create_product', {
      title: 'Lamp',
      seo: { title: 'Lamp | Acme' },
      publishAt,
    })
    expect(created.data).toMatchObject({ status: 'DRAFT', seo: { title: 'Lamp | Acme', description: '' }, publishAt })

    const copy = await callTool<ProductJson>(client, 'duplicate_product', { id: created.data.id, title: 'Lamp Copy' })
    expect(copy.data).toMatchObject({
      title: 'Lamp Copy',
      handle: 'lamp-copy',
      status: 'DRAFT',
      seo: { title: 'Lamp | Acme' },
      publishAt: null,
    })

    await callTool(client, 'update_product', { id: created.data.id, title: 'Desk Lamp' })
    const reverted = await callTool<ProductJson>(client, 'revert_product', { id: created.data.id, toRevision: 0 })
    // Revision 0 is the product as create_product made it, SEO and schedule included.
    expect(reverted.data).toMatchObject({ title: 'Lamp', seo: { title: 'Lamp | Acme', description: '' }, publishAt })
  })

  it('names the argument at fault', async () => {
    const created = await callTool<ProductJson>(client, 'create_product', { title: 'Chair' })
    expect(await callToolError(client, 'revert_product', { id: created.data.id, toRevision: 3 })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'toRevision'],
    })
  })
})
