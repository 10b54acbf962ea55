import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { callTool, callToolError, toolNames, useMcpShop } from '../../../test/support/mcp.js'

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

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-lifecycle')

describe('product lifecycle tools', () => {
  it('lists duplicate_product and revert_product, but not the scheduler’s own command', async () => {
    const names = await toolNames(mcp.client)
    expect(names).toEqual(expect.arrayContaining(['duplicate_product', 'revert_product', 'create_product']))
    expect(names).not.toContain('publish_due_product')
  })

  it('creates with SEO and a schedule, copies, renames and reverts, answering with the product each time', async () => {
    const publishAt = '2027-01-01T00:00:00.000Z'
    const created = await callTool<ProductJson>(mcp.client, 'create_product', {
      title: 'Lamp',
      seo: { title: 'Lamp | Acme' },
      publishAt,
    })
    expect(created.data).toMatchObject({ status: 'DRAFT', seo: { title: 'Lamp | Acme', description: '' }, publishAt })

    const copy = await callTool<ProductJson>(mcp.client, 'duplicate_product', {
      id: created.data.id,
      title: 'Lamp Copy',
    })
    expect(copy.data).toMatchObject({
      title: 'Lamp Copy',
      handle: 'lamp-copy',
      status: 'DRAFT',
      seo: { title: 'Lamp | Acme' },
      publishAt: null,
    })

    await callTool(mcp.client, 'update_product', { id: created.data.id, title: 'Desk Lamp' })
    const reverted = await callTool<ProductJson>(mcp.client, 'revert_product', { id: created.data.id, toRevision: 0 })
    // Revision 0 is the product as create_product made it, SEO and schedule included.
    expect(reverted.data).toMatchObject({ title: 'Lamp', seo: { title: 'Lamp | Acme', description: '' }, publishAt })
  })

  it('names the argument at fault', async () => {
    const created = await callTool<ProductJson>(mcp.client, 'create_product', { title: 'Chair' })
    expect(await callToolError(mcp.client, 'revert_product', { id: created.data.id, toRevision: 3 })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'toRevision'],
    })
  })
})
