import type { PageInfo } from '../../projections/shared/pagination.js'
import { expect } from 'vitest'
import type { GraphQLResponse, TestApp } from './app.js'
import { onlyError } from './products.js'

type Page = {
  nodes: Record<string, string>[]
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string }
}

/** How a test reads one GraphQL list: the field, its other arguments (a sort), and the field naming its rows. */
export interface ListUnderTest {
  field: string
  args: string
  name: string
  /** Rows per page when walking it; 2 unless given. */
  last?: number
}

type Read = (query: string, variables: Record<string, unknown>) => Promise<GraphQLResponse<Record<string, Page>>>

/**
 * Walks a list backward from its end, `last: 2` at a time, checking each page's `hasNextPage`;
 * the names of its rows in list order.
 *
 * @example expect(await walkBackward((query, variables) => t.gql(apiKey, query, variables), { field: 'menus', args: 'sort: HANDLE_ASC', name: 'handle' })).toEqual(['alpha', 'bravo'])
 */
export async function walkBackward(read: Read, list: ListUnderTest): Promise<string[]> {
  return (await walkBackwardPages(read, list)).flat()
}

/**
 * `walkBackward`, keeping the pages apart: the names of each page's rows, first page first, so a
 * test also sees where the pages were cut.
 *
 * @example expect(await walkBackwardPages(read, { field: 'pages', args: 'sort: TITLE_ASC', name: 'title', last: 3 })).toEqual([['Alpha'], ['Bravo', 'Charlie', 'Delta']])
 */
export async function walkBackwardPages(
  read: Read,
  { field, args, name, last = 2 }: ListUnderTest,
): Promise<string[][]> {
  const query = `query ($before: String) { ${field}(${args}, last: ${last}, before: $before) {
    nodes { ${name} } pageInfo { hasNextPage hasPreviousPage startCursor } } }`
  const seen: string[][] = []
  let before: string | null = null
  for (;;) {
    const response: GraphQLResponse<Record<string, Page>> = await read(query, { before })
    expect(response.errors).toBeUndefined()
    const { nodes, pageInfo } = response.data![field]!
    seen.unshift(nodes.map((node) => node[name]!))
    expect(pageInfo.hasNextPage).toBe(before !== null)
    if (!pageInfo.hasPreviousPage) return seen
    before = pageInfo.startCursor
  }
}

/** One page of a list as `listQuery` asks for it. */
export interface ListPage<Node> {
  nodes: Node[]
  totalCount: number
  pageInfo: PageInfo
}

/**
 * The query of the list `field` of `type` rows taking every list argument as a variable (filter,
 * sort, both pagination modes), asking for `nodes { <node> }`, totalCount and the whole pageInfo.
 *
 * @example listQuery('pages', 'Page', 'handle')
 */
export function listQuery(field: string, type: string, node: string): string {
  return `query ($filter: ${type}Filter, $sort: ${type}Sort, $first: Int, $after: String, $last: Int, $before: String, $page: Int, $limit: Int) {
  ${field}(filter: $filter, sort: $sort, first: $first, after: $after, last: $last, before: $before, page: $page, limit: $limit) {
    nodes { ${node} } totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor page totalPages } } }`
}

/**
 * Reads a page of a list (`listQuery`) with the given variables, checking that it answered without errors.
 *
 * @example const pages = listReader<{ handle: string }>(t, 'pages', 'Page', 'handle')
 * expect((await pages(apiKey, { sort: 'TITLE_ASC' })).nodes).toEqual([{ handle: 'about' }])
 */
export function listReader<Node>(t: TestApp, field: string, type: string, node: string) {
  const query = listQuery(field, type, node)
  return async (apiKey: string, variables: Record<string, unknown>): Promise<ListPage<Node>> => {
    const response = await t.gql<Record<string, ListPage<Node>>>(apiKey, query, variables)
    expect(response.errors).toBeUndefined()
    return response.data![field]!
  }
}

/**
 * Checks the page bounds every list keeps, through its `query`: more than 250 rows is
 * BAD_USER_INPUT on `first`, and cursor and page arguments together are BAD_USER_INPUT.
 */
export async function expectPageBoundsRefused(t: TestApp, apiKey: string, query: string): Promise<void> {
  expect(onlyError(await t.gql(apiKey, query, { first: 251 }))).toMatchObject({
    code: 'BAD_USER_INPUT',
    field: ['first'],
  })
  expect(onlyError(await t.gql(apiKey, query, { first: 1, page: 1 }))).toMatchObject({ code: 'BAD_USER_INPUT' })
}

/**
 * `leaf` wrapped in `depth` levels of `and`, for the bound on how deep a filter may nest.
 *
 * @example nestedFilter(6, { handle: { eq: 'alpha' } }) // { and: [{ and: [… { handle: { eq: 'alpha' } } …] }] }
 */
export function nestedFilter(depth: number, leaf: Record<string, unknown> = {}): Record<string, unknown> {
  let filter = leaf
  for (let level = 0; level < depth; level++) filter = { and: [filter] }
  return filter
}
