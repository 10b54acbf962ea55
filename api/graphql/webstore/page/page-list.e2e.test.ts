import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestApp, type GraphQLResponse } from '../../../../test/support/app.js'
import { callTool, callToolError, connect, httpTransport, listenForMcp } from '../../../../test/support/mcp.js'
import { createPage } from '../../../../test/support/webstore-content.js'

// The page list from its one spec (domain/webstore/page/list.ts): backward cursors over GraphQL,
// and the same filter through the MCP list tool.

const t = useTestApp()
let apiKey: string
let client: Client
const titles = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf']

beforeAll(async () => {
  apiKey = (await t.tenant('page-list')).apiKey
  for (const title of titles) await createPage(t, apiKey, { title })
  client = await connect(httpTransport(await listenForMcp(t), apiKey))
})
afterAll(async () => {
  await client?.close()
})

const BACKWARD = `query ($last: Int, $before: String) {
  pages(last: $last, before: $before, sort: TITLE_ASC) { nodes { title } pageInfo { hasNextPage hasPreviousPage startCursor } } }`
type Backward = {
  pages: {
    nodes: { title: string }[]
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string }
  }
}

describe('pages(last:, before:)', () => {
  it('walks the list backward from its end, three at a time, without skipping or repeating a page', async () => {
    const seen: string[][] = []
    let before: string | null = null
    for (;;) {
      const response: GraphQLResponse<Backward> = await t.gql<Backward>(apiKey, BACKWARD, {
        last: 3,
        before,
      })
      expect(response.errors).toBeUndefined()
      const { nodes, pageInfo } = response.data!.pages
      seen.unshift(nodes.map((node) => node.title))
      expect(pageInfo.hasNextPage).toBe(before !== null)
      if (!pageInfo.hasPreviousPage) break
      before = pageInfo.startCursor
    }
    expect(seen).toEqual([['Alpha'], ['Bravo', 'Charlie', 'Delta'], ['Echo', 'Foxtrot', 'Golf']])
  })

  it('refuses first with last, naming last', async () => {
    const response = await t.gql(apiKey, '{ pages(first: 2, last: 2) { totalCount } }')
    expect(response.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: ['last'] } })
  })
})

describe('list_pages', () => {
  it('takes the spec filter with or branches, and backward cursors', async () => {
    const filter = { or: [{ title: { startsWith: 'al' } }, { search: 'golf' }] }
    const listed = await callTool<{ nodes: { title: string }[]; totalCount: number }>(client, 'list_pages', {
      filter,
      sort: 'TITLE_DESC',
    })
    expect(listed.isError).toBe(false)
    expect(listed.data.nodes.map((node) => node.title)).toEqual(['Golf', 'Alpha'])
    const last = await callTool<{ nodes: { title: string }[] }>(client, 'list_pages', { last: 2, sort: 'TITLE_ASC' })
    expect(last.data.nodes.map((node) => node.title)).toEqual(['Foxtrot', 'Golf'])
  })

  it('refuses a filter field the spec lacks, naming it', async () => {
    const error = await callToolError(client, 'list_pages', { filter: { colour: 'red' } })
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: ['filter'] })
  })
})
