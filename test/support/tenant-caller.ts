import { expect } from 'vitest'
import { useTenant, type TestApp } from './app.js'

/**
 * The one tenant of a test file (opened in `beforeAll`) and `ok`, a GraphQL call as that tenant
 * that must succeed: it answers the data.
 *
 * @example
 * const { shop, ok } = useTenantCaller(t, 'revert-commands')
 * const data = await ok<{ product: Product }>(READ, { id })
 */
export function useTenantCaller(t: TestApp, slug: string) {
  const shop = useTenant(t, slug)
  async function ok<Data>(query: string, variables: Record<string, unknown>): Promise<Data> {
    const response = await t.gql<Data>(shop.apiKey, query, variables)
    expect(response.errors).toBeUndefined()
    return response.data!
  }
  return { shop, ok }
}
