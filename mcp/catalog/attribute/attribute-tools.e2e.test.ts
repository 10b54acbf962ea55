import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { callTool, callToolError, expectToolsOffered, useMcpShop } from '../../../test/support/mcp.js'
import { createProduct } from '../../../test/support/products.js'

// Agents define attributes and sets with the registry's write tools, read them with get_attribute,
// list_attributes and list_attribute_sets, and set product values, with GraphQL's rules and errors.

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-attributes')

type AttributeJson = {
  id: string
  code: string
  type: string
  options: { code: string; label: string }[]
  revision: number
}
type SetJson = { id: string; name: string; sections: { name: string; attributeCodes: string[] }[] }

describe('attribute tools', () => {
  it('are offered to a products:write key, read tools marked read-only', async () => {
    await expectToolsOffered(
      mcp.client,
      [
        'create_attribute',
        'update_attribute',
        'delete_attribute',
        'add_attribute_option',
        'revert_attribute',
        'create_attribute_set',
        'set_product_attributes',
        'change_product_attribute_set',
        'get_attribute',
        'list_attributes',
        'list_attribute_sets',
      ],
      { readOnly: 'list_attributes', destructive: 'delete_attribute' },
    )
  })

  it('define attributes and a set, read them back, and set product values', async () => {
    const created = await callTool<AttributeJson>(mcp.client, 'create_attribute', {
      code: 'material',
      name: 'Material',
      type: 'SELECT',
      options: [{ code: 'cotton', label: 'Cotton' }],
    })
    expect(created.data).toMatchObject({ code: 'material', type: 'SELECT', revision: 0 })
    const added = await callTool<AttributeJson>(mcp.client, 'add_attribute_option', {
      id: created.data.id,
      code: 'wool',
      label: 'Wool',
    })
    expect(added.data.options.map((o) => o.code)).toEqual(['cotton', 'wool'])
    expect((await callTool<AttributeJson>(mcp.client, 'get_attribute', { code: 'material' })).data).toMatchObject({
      id: created.data.id,
      revision: 1,
    })
    const set = await callTool<SetJson>(mcp.client, 'create_attribute_set', {
      name: 'Clothing',
      sections: [{ name: 'General', attributeCodes: ['material'] }],
    })
    expect(set.data).toMatchObject({ name: 'Clothing', sections: [{ name: 'General', attributeCodes: ['material'] }] })
    const sets = await callTool<{ nodes: SetJson[]; totalCount: number }>(mcp.client, 'list_attribute_sets', {})
    expect(sets.data.nodes.map((n) => n.name)).toEqual(['Clothing'])
    const list = await callTool<{ nodes: AttributeJson[]; totalCount: number }>(mcp.client, 'list_attributes', {
      filter: { type: ['SELECT'] },
    })
    expect(list.data.totalCount).toBe(1)

    const product = await createProduct(t, mcp.tenant.apiKey, { title: 'Tee' })
    expect(
      await callToolError(mcp.client, 'set_product_attributes', {
        productId: product.id,
        values: [{ code: 'material', value: 'silk' }],
      }),
    ).toEqual({
      code: 'BAD_USER_INPUT',
      field: ['input', 'values', 0, 'value'],
      message: "material: 'silk' is not an option of this attribute; choose one of cotton, wool",
    })
    const written = await callTool<{ id: string; revision: number }>(mcp.client, 'set_product_attributes', {
      productId: product.id,
      values: [{ code: 'material', value: 'wool' }],
    })
    expect(written.data).toMatchObject({ id: product.id, revision: 1 })
    expect(await callToolError(mcp.client, 'get_attribute', { code: 'ghost' })).toEqual({
      code: 'NOT_FOUND',
      message: "no attribute with code 'ghost' in this store",
    })
  })
})
