import { expect } from 'vitest'
import type { TestApp } from './app.js'

// Reads the `history` field every audited resource type has, for suites that check what was recorded.

/**
 * The event types of one resource's history, newest first, read through its GraphQL query field:
 * `await historyTypes(t, apiKey, 'post', post.id)` → `['PostRetitled', 'PostCreated']`.
 */
export async function historyTypes(
  t: TestApp,
  apiKey: string,
  field: string,
  id: string,
  first?: number,
): Promise<string[]> {
  const page = first === undefined ? '' : `(first: ${first})`
  const response = await t.gql<Record<string, { history: { nodes: { type: string }[] } }>>(
    apiKey,
    `query ($id: ID) { ${field}(id: $id) { history${page} { nodes { type } } } }`,
    { id },
  )
  expect(response.errors).toBeUndefined()
  return response.data![field]!.history.nodes.map((node) => node.type)
}
