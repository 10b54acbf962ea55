import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { callTool, callToolError, expectToolsOffered, useMcpShop } from '../../../test/support/mcp.js'
import { createProduct } from '../../../test/support/products.js'

// Agents manage collections with the registry's write tools and read them with get_collection,
// list_collections and list_collection_products, with GraphQL's rules and errors.

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-collections')

type CollectionJson = { id: string; handle: string; type: string; productsCount: number; rules: { field: string }[] }
type ListJson<Node> = { nodes: Node[]; totalCount: number }

describe('collection tools', () => {
  it('are offered to a webstore:write key, read tools marked read-only', async () => {
    await expectToolsOffered(
      mcp.client,
      [
        'create_collection',
        'update_collection',
        'delete_collection',
        'add_collection_products',
        'remove_collection_products',
        'reorder_collection_products',
        'get_collection',
        'list_collections',
        'list_collection_products',
      ],
      { readOnly: 'list_collections', destructive: 'delete_collection' },
    )
  })

  it('create manual and smart collections, add products and read them back', async () => {
    const shirt = await createProduct(t, mcp.tenant.apiKey, { title: 'Shirt', tags: ['summer'] })
    const cap = await createProduct(t, mcp.tenant.apiKey, { title: 'Cap' })
    const picks = (await callTool<CollectionJson>(mcp.client, 'create_collection', { title: 'Picks' })).data
    expect(picks).toMatchObject({ handle: 'picks', type: 'MANUAL', productsCount: 0 })
    const added = await callTool<CollectionJson>(mcp.client, 'add_collection_products', {
      collectionId: picks.id,
      productIds: [cap.id, shirt.id],
    })
    expect(added.data).toMatchObject({ id: picks.id, productsCount: 2 })
    const members = await callTool<ListJson<{ title: string }>>(mcp.client, 'list_collection_products', {
      id: picks.id,
    })
    expect(members.data.nodes.map((node) => node.title)).toEqual(['Cap', 'Shirt'])
    const summer = (
      await callTool<CollectionJson>(mcp.client, 'create_collection', {
        title: 'Summer',
        rules: [{ field: 'TAG', relation: 'EQUALS', value: 'summer' }],
      })
    ).data
    expect(summer).toMatchObject({ type: 'SMART', productsCount: 1, rules: [{ field: 'TAG' }] })
    expect((await callTool<CollectionJson>(mcp.client, 'get_collection', { handle: 'summer' })).data.id).toBe(summer.id)
    const smart = await callTool<ListJson<CollectionJson>>(mcp.client, 'list_collections', {
      filter: { type: ['SMART'] },
    })
    expect(smart.data).toMatchObject({ totalCount: 1, nodes: [{ id: summer.id }] })
  })

  it('answer errors with their code and field', async () => {
    expect(
      await callToolError(mcp.client, 'create_collection', {
        title: 'Bad',
        rules: [{ field: 'PRICE', relation: 'LESS_THAN', value: 'cheap' }],
      }),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'rules', 0, 'value'],
    })
    expect(
      await callToolError(mcp.client, 'get_collection', { id: '01900000-0000-7000-8000-000000000000' }),
    ).toMatchObject({ code: 'NOT_FOUND' })
  })
})
