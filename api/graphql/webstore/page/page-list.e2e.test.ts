import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { walkBackwardPages } from '../../../../test/support/lists.js'
import { callTool, callToolError, useMcpShop } from '../../../../test/support/mcp.js'
import { createPage } from '../../../../test/support/webstore-content.js'

// The page list from its one spec (domain/webstore/page/list.ts): backward cursors over GraphQL,
// and the same filter through the MCP list tool.

const t = useTestApp()
const titles = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf']
const mcp = useMcpShop(t, 'page-list')

beforeAll(async () => {
  for (const title of titles) await createPage(t, mcp.tenant.apiKey, { title })
})

describe('pages(last:, before:)', () => {
  it('walks the list backward from its end, three at a time, without skipping or repeating a page', async () => {
    const list = { field: 'pages', args: 'sort: TITLE_ASC', name: 'title', last: 3 }
    expect(await walkBackwardPages((query, variables) => t.gql(mcp.tenant.apiKey, query, variables), list)).toEqual([
      ['Alpha'],
      ['Bravo', 'Charlie', 'Delta'],
      ['Echo', 'Foxtrot', 'Golf'],
    ])
  })

  it('refuses first with last, naming last', async () => {
    const response = await t.gql(mcp.tenant.apiKey, '{ pages(first: 2, last: 2) { totalCount } }')
    expect(response.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: ['last'] } })
  })
})

describe('list_pages', () => {
  it('takes the spec filter with or branches, and backward cursors', async () => {
    const filter = { or: [{ title: { startsWith: 'al' } }, { search: 'golf' }] }
    const listed = await callTool<{ nodes: { title: string }[]; totalCount: number }>(mcp.client, 'list_pages', {
      filter,
      sort: 'TITLE_DESC',
    })
    expect(listed.isError).toBe(false)
    expect(listed.data.nodes.map((node) => node.title)).toEqual(['Golf', 'Alpha'])
    const last = await callTool<{ nodes: { title: string }[] }>(mcp.client, 'list_pages', {
      last: 2,
      sort: 'TITLE_ASC',
    })
    expect(last.data.nodes.map((node) => node.title)).toEqual(['Foxtrot', 'Golf'])
  })

  it('refuses a filter field the spec lacks, naming it', async () => {
    const error = await callToolError(mcp.client, 'list_pages', { filter: { colour: 'red' } })
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: ['filter'] })
  })
})
