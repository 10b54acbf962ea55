import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/support/app.js'
import { callTool, callToolError, connectMcp, expectToolsOffered } from '../../../test/support/mcp.js'
import { createProduct } from '../../../test/support/products.js'

// Agents manage categories with the registry's write tools and read them with get_category and
// list_categories, with GraphQL's rules and errors.

let t: TestApp
let client: Client
let apiKey: string

beforeAll(async () => {
  t = await startTestApp()
  apiKey = (await t.tenant('mcp-categories')).apiKey
  client = await connectMcp(t, apiKey)
})
afterAll(async () => {
  await client?.close()
  await t?.close()
})

type CategoryJson = {
  id: string
  path: string
  depth: number
  productCount: number
  breadcrumbs: { handle: string }[]
  revision: number
}

describe('category tools', () => {
  it('are offered to a products:write key, read tools marked read-only', async () => {
    await expectToolsOffered(
      client,
      [
        'create_category',
        'update_category',
        'move_category',
        'reorder_categories',
        'delete_category',
        'revert_category',
        'add_category_products',
        'remove_category_products',
        'reorder_category_products',
        'get_category',
        'list_categories',
      ],
      { readOnly: 'get_category', destructive: 'delete_category' },
    )
  })

  it('create, assign and read back a tree with breadcrumbs and counts including descendants', async () => {
    const men = (await callTool<CategoryJson>(client, 'create_category', { title: 'Men' })).data
    const shirts = (await callTool<CategoryJson>(client, 'create_category', { title: 'Shirts', parentId: men.id })).data
    expect(shirts).toMatchObject({
      path: 'men/shirts',
      depth: 2,
      breadcrumbs: [{ handle: 'men' }, { handle: 'shirts' }],
      revision: 0,
    })
    const product = await createProduct(t, apiKey, { title: 'Oxford' })
    const added = await callTool<CategoryJson>(client, 'add_category_products', {
      categoryId: shirts.id,
      productIds: [product.id],
    })
    expect(added.data).toMatchObject({ id: shirts.id, productCount: 1 })
    expect((await callTool<CategoryJson>(client, 'get_category', { handlePath: 'men' })).data).toMatchObject({
      id: men.id,
      productCount: 1,
    })
    const roots = await callTool<{ nodes: CategoryJson[]; totalCount: number }>(client, 'list_categories', {
      parentId: null,
    })
    expect(roots.data.nodes.map((node) => node.path)).toEqual(['men'])
    const all = await callTool<{ nodes: CategoryJson[]; totalCount: number }>(client, 'list_categories', {
      sort: 'PATH_ASC',
    })
    expect(all.data.nodes.map((node) => node.path)).toEqual(['men', 'men/shirts'])
  })

  it('answer with the errors GraphQL gives', async () => {
    const men = (await callTool<CategoryJson>(client, 'get_category', { handlePath: 'men' })).data
    const slim = (
      await callTool<CategoryJson>(client, 'create_category', {
        title: 'Slim',
        parentId: (await callTool<CategoryJson>(client, 'get_category', { handlePath: 'men/shirts' })).data.id,
      })
    ).data
    expect(await callToolError(client, 'move_category', { id: men.id, parentId: slim.id })).toEqual({
      code: 'BAD_USER_INPUT',
      field: ['input', 'parentId'],
      message:
        "cannot move 'men' under its own descendant 'men/shirts/slim'; move that descendant out first or choose another parent",
    })
    expect(await callToolError(client, 'delete_category', { id: men.id, deleteDescendants: true })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'confirm'],
    })
    expect(await callToolError(client, 'get_category', { handlePath: 'women' })).toMatchObject({ code: 'NOT_FOUND' })
  })
})
