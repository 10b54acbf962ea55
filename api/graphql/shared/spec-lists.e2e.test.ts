import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { createCategory, must } from '../../../test/support/categories.js'
import { createCollection } from '../../../test/support/collections.js'
import { nestedFilter, walkBackward } from '../../../test/support/lists.js'
import { callTool, callToolError, useMcpShop } from '../../../test/support/mcp.js'
import { image, uploadFile, useFileMedia } from '../../../test/support/media.js'
import { createMenu } from '../../../test/support/menus.js'
import { untilMainTheme } from '../../../test/support/themes.js'
import { createCatalogProduct } from '../../../test/support/variant-api.js'
import { createBlog, createPost } from '../../../test/support/webstore-content.js'

// The lists moved onto their spec (domain/<area>/<resource>/list.ts) walk backward like every
// list (last/before, hasPreviousPage), and their MCP tools take the spec's bounded and/or filter.

const t = useTestApp()
const mcp = useMcpShop(t, 'spec-lists')
useFileMedia(t)
const names = ['alpha', 'bravo', 'charlie']

beforeAll(async () => {
  const { apiKey } = mcp.tenant
  // The default theme first, so the themes created below are the draft and unpublished ones.
  await untilMainTheme(t, apiKey)
  const blog = await createBlog(t, apiKey, { title: 'News' })
  await must(t, apiKey, CREATE_TYPE, { input: { name: 'Promo', fields: [{ key: 'title', type: 'TEXT' }] } })
  for (const name of names) {
    await createPost(t, apiKey, { blogId: blog.id, title: name })
    await createCollection(t, apiKey, { title: name })
    await createMenu(t, apiKey, { title: name })
    await createCategory(t, apiKey, { title: name })
    await must(t, apiKey, CREATE_TYPE, { input: { name, fields: [{ key: 'title', type: 'TEXT' }] } })
    await must(t, apiKey, CREATE_ENTRY, { input: { typeHandle: 'promo', handle: name, fields: { title: name } } })
    await uploadFile(t, apiKey, { data: await image(8, 8), filename: `${name}.png` })
    await createCatalogProduct(t, apiKey, { title: name, variants: [{ price: '1', sku: name }] })
    await must(t, apiKey, CREATE_THEME, { input: { name } })
  }
  // Some twenty writes, each read back from the read models: more than the default hook allows on a busy machine.
}, 180_000)

const CREATE_TYPE =
  'mutation ($input: ContentTypeCreateInput!) { contentTypeCreate(input: $input) { contentType { id } } }'
const CREATE_THEME = 'mutation ($input: ThemeCreateInput!) { themeCreate(input: $input) { theme { id } } }'
const CREATE_ENTRY =
  'mutation ($input: ContentEntryCreateInput!) { contentEntryCreate(input: $input) { contentEntry { id } } }'

/** Each list with the field naming its rows, sorted by that field, and the rows it holds in that order. */
const LISTS = [
  { field: 'posts', args: 'sort: TITLE_ASC', name: 'title', rows: names },
  { field: 'collections', args: 'sort: HANDLE_ASC', name: 'handle', rows: names },
  { field: 'menus', args: 'sort: HANDLE_ASC', name: 'handle', rows: names },
  { field: 'categories', args: 'sort: HANDLE_ASC', name: 'handle', rows: names },
  { field: 'contentTypes', args: 'sort: HANDLE_ASC', name: 'handle', rows: [...names, 'promo'] },
  { field: 'contentEntries', args: 'type: "promo", sort: HANDLE_ASC', name: 'handle', rows: names },
  { field: 'medias', args: 'sort: FILENAME_ASC', name: 'filename', rows: names.map((one) => `${one}.png`) },
  { field: 'products', args: 'sort: TITLE_ASC', name: 'title', rows: names },
  { field: 'productVariants', args: 'sort: SKU_ASC', name: 'sku', rows: names },
  { field: 'themes', args: 'filter: { role: [DRAFT, UNPUBLISHED] }, sort: NAME_ASC', name: 'name', rows: names },
]

describe.each(LISTS)('$field(last:, before:)', ({ field, args, name, rows }) => {
  it('walks the list backward from its end, two at a time, without skipping or repeating a row', async () => {
    expect(
      await walkBackward((query, variables) => t.gql(mcp.tenant.apiKey, query, variables), { field, args, name }),
    ).toEqual(rows)
  })
})

describe('the list tools', () => {
  it.each([
    ['list_posts', { or: [{ search: 'alpha' }, { search: 'charlie' }] }, 'title', ['charlie', 'alpha']],
    [
      'list_collections',
      { or: [{ handle: { eq: 'alpha' } }, { title: { startsWith: 'cha' } }] },
      'handle',
      ['charlie', 'alpha'],
    ],
    ['list_menus', { or: [{ handle: { eq: 'alpha' } }, { search: 'charlie' }] }, 'handle', ['charlie', 'alpha']],
    ['list_categories', { or: [{ handle: { eq: 'alpha' } }, { search: 'charlie' }] }, 'handle', ['charlie', 'alpha']],
    [
      'list_media',
      { or: [{ filename: { eq: 'alpha.png' } }, { filename: { startsWith: 'cha' } }] },
      'filename',
      ['charlie.png', 'alpha.png'],
    ],
    [
      'list_products',
      { or: [{ title: { eq: 'alpha' } }, { sku: { startsWith: 'cha' } }] },
      'title',
      ['charlie', 'alpha'],
    ],
    [
      'list_themes',
      { or: [{ name: { eq: 'alpha' } }, { name: { startsWith: 'cha' } }], role: ['DRAFT', 'UNPUBLISHED'] },
      'name',
      ['charlie', 'alpha'],
    ],
  ])('%s takes or branches of the spec filter', async (tool, filter, name, expected) => {
    const sort = `${{ filename: 'FILENAME', title: 'TITLE', name: 'NAME' }[name] ?? 'HANDLE'}_DESC`
    const listed = await callTool<{ nodes: Record<string, string>[] }>(mcp.client, tool, { filter, sort })
    expect(listed.isError).toBe(false)
    expect(listed.data.nodes.map((node) => node[name])).toEqual(expected)
  })

  it('list_content_entries takes or branches, a sort and backward cursors', async () => {
    const filter = { or: [{ handle: { eq: 'alpha' } }, { search: 'charlie' }] }
    const listed = await callTool<{ nodes: { handle: string }[] }>(mcp.client, 'list_content_entries', {
      type: 'promo',
      filter,
      sort: 'HANDLE_DESC',
    })
    expect(listed.data.nodes.map((node) => node.handle)).toEqual(['charlie', 'alpha'])
    const last = await callTool<{ nodes: { handle: string }[] }>(mcp.client, 'list_content_entries', {
      type: 'promo',
      last: 2,
      sort: 'HANDLE_ASC',
    })
    expect(last.data.nodes.map((node) => node.handle)).toEqual(['bravo', 'charlie'])
  })

  it('refuses a filter nested deeper than 5 levels, naming the filter', async () => {
    const filter = nestedFilter(6, { handle: { eq: 'alpha' } })
    const error = await callToolError(mcp.client, 'list_menus', { filter })
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: expect.arrayContaining(['filter']) })
  })
})
