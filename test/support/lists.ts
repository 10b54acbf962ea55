import { expect } from 'vitest'
import type { GraphQLResponse } from './app.js'

type Page = {
  nodes: Record<string, string>[]
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string }
}

/** How a test reads one GraphQL list: the field, its other arguments (a sort), and the field naming its rows. */
export interface ListUnderTest {
  field: string
  args: string
  name: string
}

/**
 * Walks a list backward from its end, `last: 2` at a time, checking each page's `hasNextPage`;
 * the names of its rows in list order.
 *
 * @example expect(await walkBackward((query, variables) => t.gql(apiKey, query, variables), { field: 'menus', args: 'sort: HANDLE_ASC', name: 'handle' })).toEqual(['alpha', 'bravo'])
 */
export async function walkBackward(
  read: (query: string, variables: Record<string, unknown>) => Promise<GraphQLResponse<Record<string, Page>>>,
  { field, args, name }: ListUnderTest,
): Promise<string[]> {
  const query = `query ($before: String) { ${field}(${args}, last: 2, before: $before) {
    nodes { ${name} } pageInfo { hasNextPage hasPreviousPage startCursor } } }`
  const seen: string[] = []
  let before: string | null = null
  for (;;) {
    const response: GraphQLResponse<Record<string, Page>> = await read(query, { before })
    expect(response.errors).toBeUndefined()
    const { nodes, pageInfo } = response.data![field]!
    seen.unshift(...nodes.map((node) => node[name]!))
    expect(pageInfo.hasNextPage).toBe(before !== null)
    if (!pageInfo.hasPreviousPage) return seen
    before = pageInfo.startCursor
  }
}
