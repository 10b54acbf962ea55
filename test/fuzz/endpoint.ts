import type { InjectOptions } from 'fastify'
import type { Tenant, TestApp } from '../support/app.js'
import { createStorefrontToken } from '../support/storefront-api.js'

export interface Answer {
  status: number
  data?: Record<string, unknown> | null
  errors?: { message: string; extensions?: Record<string, unknown> }[]
}

/** Where the fuzz sends its GraphQL, as whom: the admin API with a key, or a store's public storefront API. */
export interface FuzzEndpoint {
  name: string
  /** The request that carries `payload` (a JSON body) as `tenant`. */
  request(tenant: Tenant, payload: string): InjectOptions
  /** Whether the admin API's own HTTP cases (multipart, GET, sessions…) apply. */
  admin: boolean
}

export const adminEndpoint: FuzzEndpoint = {
  name: 'admin API',
  admin: true,
  request: (tenant, payload) => ({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: `Bearer ${tenant.apiKey}`, 'content-type': 'application/json' },
    payload,
  }),
}

/**
 * The public storefront API of each tenant's store: `POST /api/storefront/graphql` on
 * `<slug>.localhost` with a storefront token made for that store, as a headless front end calls it.
 * Each store is made to sell first (commerce on, its products ACTIVE), so carts reach their resolvers.
 */
export async function storefrontEndpoint(t: TestApp, tenants: readonly Tenant[]): Promise<FuzzEndpoint> {
  const tokens = new Map<string, string>()
  for (const tenant of tenants) {
    await openForShoppers(t, tenant)
    tokens.set(tenant.storeId, (await createStorefrontToken(t, tenant.apiKey, 'fuzz')).accessToken)
  }
  return {
    name: 'storefront API',
    admin: false,
    request: (tenant, payload) => ({
      method: 'POST',
      url: '/api/storefront/graphql',
      headers: {
        host: `${tenant.storeSlug}.localhost`,
        'content-type': 'application/json',
        'x-storefront-access-token': tokens.get(tenant.storeId)!,
      },
      payload,
    }),
  }
}

async function openForShoppers(t: TestApp, tenant: Tenant): Promise<void> {
  const admin = async (query: string, variables?: Record<string, unknown>) => {
    const answer = await t.gql(tenant.apiKey, query, variables)
    if (answer.errors?.length) throw new Error(`fuzz setup failed: ${JSON.stringify(answer.errors)}`)
    return answer.data as Record<string, { nodes?: { id: string }[] }>
  }
  await admin('mutation { storeCommerceToggle(input: {enabled: true}) { eventPosition } }')
  const { products } = await admin('{ products(first: 50) { nodes { id } } }')
  for (const { id } of products?.nodes ?? [])
    await admin('mutation ($id: ID!) { productUpdate(input: {id: $id, status: ACTIVE}) { eventPosition } }', { id })
}

/** Sends one query through `endpoint` as `tenant` and answers what came back. */
export async function ask(
  t: TestApp,
  endpoint: FuzzEndpoint,
  tenant: Tenant,
  query: string,
  variables?: Record<string, unknown>,
): Promise<Answer> {
  const response = await t.app.inject(endpoint.request(tenant, JSON.stringify({ query, variables })))
  return { status: response.statusCode, ...(response.json() as Omit<Answer, 'status'>) }
}
