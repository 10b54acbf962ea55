import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { callTool, callToolError, expectToolsOffered, useMcpShop } from '../../../test/support/mcp.js'
import { createProduct } from '../../../test/support/products.js'

// Agents manage categories with the registry's write tools and read them with get_category and
// list_categories, with GraphQL's rules and errors.

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-categories')

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
      mcp.client,
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
    const men = (await callTool<CategoryJson>(mcp.client, 'create_category', { title: 'Men' })).data
    const shirts = (await callTool<CategoryJson>(mcp.client, 'create_category', { title: 'Shirts', parentId: men.id }))
      .data
    expect(shirts).toMatchObject({
      path: 'men/shirts',
      depth: 2,
      breadcrumbs: [{ handle: 'men' }, { handle: 'shirts' }],
      revision: 0,
    })
    const product = await createProduct(t, mcp.tenant.apiKey, { title: 'Oxford' })
    const added = await callTool<CategoryJson>(mcp.client, 'add_category_products', {
      categoryId: shirts.id,
      productIds: [product.id],
    })
    expect(added.data).toMatchObject({ id: shirts.id, productCount: 1 })
    expect((await callTool<CategoryJson>(mcp.client, 'get_category', { handlePath: 'men' })).data).toMatchObject({
      id: men.id,
      productCount: 1,
    })
    const roots = await callTool<{ nodes: CategoryJson[]; totalCount: number }>(mcp.client, 'list_categories', {
      parentId: null,
    })
    expect(roots.data.nodes.map((node) => node.path)).toEqual(['men'])
    const all = await callTool<{ nodes: CategoryJson[]; totalCount: number }>(mcp.client, 'list_categories', {
      sort: 'PATH_ASC',
    })
    expect(all.data.nodes.map((node) => node.path)).toEqual(['men', 'men/shirts'])
  })

  it('answer with the errors GraphQL gives', async () => {
    const men = (await callTool<CategoryJson>(mcp.client, 'get_category', { handlePath: 'men' })).data
    const slim = (
      await callTool<CategoryJson>(mcp.client, 'create_category', {
        title: 'Slim',
        parentId: (await callTool<CategoryJson>(mcp.client, 'get_category', { handlePath: 'men/shirts' })).data.id,
      })
    ).data
    expect(await callToolError(mcp.client, 'move_category', { id: men.id, parentId: slim.id })).toEqual({
      code: 'BAD_USER_INPUT',
      field: ['input', 'parentId'],
      message:
        "cannot move 'men' under its own descendant 'men/shirts/slim'; move that descendant out first or choose another parent",
    })
    expect(await callToolError(mcp.client, 'delete_category', { id: men.id, deleteDescendants: true })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'confirm'],
    })
    expect(await callToolError(mcp.client, 'get_category', { handlePath: 'women' })).toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})
