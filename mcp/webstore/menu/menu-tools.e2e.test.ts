import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { callTool, callToolError, expectToolsOffered, useMcpShop } from '../../../test/support/mcp.js'

// Agents build menus and content entries with the registry's write tools and read them back.

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-menus')

type MenuJson = {
  id: string
  handle: string
  items: { id: string; title: string; items: { title: string }[] }[]
  brokenLinks: { itemId: string; reason: string }[]
}

describe('menu and content entry tools', () => {
  it('are offered, read tools marked read-only and removals destructive', async () => {
    await expectToolsOffered(
      mcp.client,
      [
        'create_menu',
        'add_menu_item',
        'move_menu_item',
        'remove_menu_item',
        'get_menu',
        'list_menus',
        'create_content_type',
        'create_content_entry',
        'get_content_entry',
        'list_content_entries',
      ],
      { readOnly: 'get_menu', destructive: 'remove_menu_item' },
    )
  })

  it('build a nested menu, read it by handle and see a deleted page as a broken link', async () => {
    const menu = await callTool<{ id: string }>(mcp.client, 'create_menu', { title: 'Main menu' })
    const page = await callTool<{ id: string }>(mcp.client, 'create_page', { title: 'About' })
    const shop = await callTool<{ id: string }>(mcp.client, 'add_menu_item', {
      menuId: menu.data.id,
      title: 'Shop',
      link: { type: 'HOME' },
    })
    const about = await callTool<{ id: string }>(mcp.client, 'add_menu_item', {
      menuId: menu.data.id,
      parentId: shop.data.id,
      title: 'About',
      link: { type: 'PAGE', resourceId: page.data.id },
    })
    await callTool(mcp.client, 'delete_page', { id: page.data.id, confirm: true })
    const read = await callTool<MenuJson>(mcp.client, 'get_menu', { handle: 'main-menu' })
    expect(read.data.items).toMatchObject([{ id: shop.data.id, title: 'Shop', items: [{ title: 'About' }] }])
    expect(read.data.brokenLinks).toEqual([expect.objectContaining({ itemId: about.data.id, reason: 'page deleted' })])
    expect((await callTool<{ totalCount: number }>(mcp.client, 'list_menus', {})).data.totalCount).toBe(1)
    expect(
      await callToolError(mcp.client, 'add_menu_item', {
        menuId: menu.data.id,
        title: 'x',
        link: { type: 'URL', url: 'javascript:x()' },
      }),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'link', 'url'] })
    expect(await callToolError(mcp.client, 'get_menu', { handle: 'nope' })).toMatchObject({ code: 'NOT_FOUND' })
  })

  it("create a content type and entries, and list them with the type's fields", async () => {
    await callTool(mcp.client, 'create_content_type', {
      name: 'Testimonial',
      fields: [
        { key: 'quote', type: 'TEXT', required: true },
        { key: 'stars', type: 'NUMBER', validations: { min: 1, max: 5 } },
      ],
    })
    const entry = await callTool<{ id: string }>(mcp.client, 'create_content_entry', {
      typeHandle: 'testimonial',
      fields: { quote: 'Great shoes', stars: 5 },
    })
    expect(
      (await callTool<{ handle: string; fields: unknown }>(mcp.client, 'get_content_entry', { id: entry.data.id }))
        .data,
    ).toMatchObject({ handle: 'great-shoes', fields: { quote: 'Great shoes', stars: 5 } })
    const list = await callTool<{ totalCount: number; fieldsOfType: { key: string }[] }>(
      mcp.client,
      'list_content_entries',
      { type: 'testimonial' },
    )
    expect(list.data).toMatchObject({ totalCount: 1, fieldsOfType: [{ key: 'quote' }, { key: 'stars' }] })
    expect(
      await callToolError(mcp.client, 'create_content_entry', {
        typeHandle: 'testimonial',
        fields: { quote: 'x', stars: 9 },
      }),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'fields', 'stars'] })
  })
})
