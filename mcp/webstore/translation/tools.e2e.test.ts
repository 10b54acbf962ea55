import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { callTool, callToolError, useMcpShop } from '../../../test/support/mcp.js'
import { createProduct } from '../../../test/support/products.js'

// An agent translating through MCP: the read tools and the generated write tools.

const t = useTestApp()
const mcp = useMcpShop(t, 'translation-tools')

beforeAll(async () => {
  const enabled = await t.gql(
    mcp.tenant.apiKey,
    'mutation ($input: StoreUpdateInput!) { storeUpdate(input: $input) { eventPosition } }',
    { input: { enabledLocales: ['en', 'fr'] } },
  )
  expect(enabled.errors).toBeUndefined()
})

type Resource = {
  resourceId: string
  translatableContent: { key: string; value: string; digest: string }[]
  translations: { locale: string; key: string; value: string; outdated: boolean }[]
}

describe('translation tools', () => {
  it('reads the source with its digest, registers, lists and removes a translation', async () => {
    const product = await createProduct(t, mcp.tenant.apiKey, { title: 'Scarf' })
    const source = await callTool<Resource>(mcp.client, 'get_translatable_resource', { resourceId: product.id })
    expect(source.data.translatableContent).toEqual([
      { key: 'title', value: 'Scarf', digest: createHash('sha256').update('Scarf').digest('hex') },
    ])

    const registered = await callTool<Resource>(mcp.client, 'register_translations', {
      resourceId: product.id,
      locale: 'fr',
      translations: [{ key: 'title', value: 'Écharpe', sourceDigest: source.data.translatableContent[0]!.digest }],
    })
    expect(registered.data.translations).toMatchObject([
      { locale: 'fr', key: 'title', value: 'Écharpe', outdated: false },
    ])

    const list = await callTool<{ nodes: Resource[]; totalCount: number }>(mcp.client, 'list_translatable_resources', {
      resourceType: 'PRODUCT',
    })
    expect(list.data.totalCount).toBe(1)
    expect(list.data.nodes[0]!.translations.map((translation) => translation.value)).toEqual(['Écharpe'])
    const newest = await callTool<{ nodes: Resource[] }>(mcp.client, 'list_translatable_resources', {
      resourceType: 'PRODUCT',
      sort: 'CREATED_AT_DESC',
      last: 1,
    })
    expect(newest.data.nodes.map((node) => node.resourceId)).toEqual([product.id])
    expect(
      await callToolError(mcp.client, 'list_translatable_resources', { resourceType: 'PRODUCT', sort: 'TITLE_ASC' }),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: expect.arrayContaining(['sort']) })

    const removed = await callTool<Resource>(mcp.client, 'remove_translations', {
      resourceId: product.id,
      locale: 'fr',
      keys: ['title'],
      confirm: true,
    })
    expect(removed.data.translations).toEqual([])
  })

  it('answers CONFLICT for a stale digest and NOT_FOUND for an unknown id', async () => {
    const product = await createProduct(t, mcp.tenant.apiKey, { title: 'Gloves' })
    const stale = await callToolError(mcp.client, 'register_translations', {
      resourceId: product.id,
      locale: 'fr',
      translations: [{ key: 'title', value: 'Gants', sourceDigest: '0'.repeat(64) }],
    })
    expect(stale).toMatchObject({ code: 'CONFLICT', field: ['input', 'translations', 0, 'sourceDigest'] })
    expect(
      (
        await callToolError(mcp.client, 'get_translatable_resource', {
          resourceId: '01900000-0000-7000-8000-000000000bad',
        })
      ).code,
    ).toBe('NOT_FOUND')
  })
})
