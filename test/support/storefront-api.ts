import type { LightMyRequestResponse } from 'fastify'
import type { Tenant, TestApp } from './app.js'
import { perFile } from './per-file.js'

export interface StorefrontResponse<Data> {
  status: number
  data: Data | null
  errors: { message: string; extensions: { code: string } & Record<string, unknown> }[] | undefined
  headers: LightMyRequestResponse['headers']
}

const CREATE =
  'mutation ($input: StorefrontTokenCreateInput!) { storefrontTokenCreate(input: $input) { accessToken storefrontToken { id name last4 masked status } eventPosition } }'

/** A fresh storefront token of the admin key's store. */
export async function createStorefrontToken(
  t: TestApp,
  apiKey: string,
  name = 'Headless shop',
): Promise<{ id: string; accessToken: string }> {
  const response = await t.gql<{ storefrontTokenCreate: { accessToken: string; storefrontToken: { id: string } } }>(
    apiKey,
    CREATE,
    { input: { name } },
  )
  if (response.errors) throw new Error(`storefrontTokenCreate failed: ${JSON.stringify(response.errors)}`)
  const created = response.data!.storefrontTokenCreate
  return { id: created.storefrontToken.id, accessToken: created.accessToken }
}

/** POST /api/storefront/graphql on `host` with `token`, as a headless front end sends it. */
export async function storefrontQuery<Data = Record<string, unknown>>(
  t: TestApp,
  host: string,
  token: string | null,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<StorefrontResponse<Data>> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/graphql',
    headers: {
      host,
      'content-type': 'application/json',
      ...(token ? { 'x-storefront-access-token': token } : {}),
      ...headers,
    },
    payload: JSON.stringify({ query, variables }),
  })
  const body = response.json() as { data?: Data; errors?: StorefrontResponse<Data>['errors'] }
  return { status: response.statusCode, data: body.data ?? null, errors: body.errors, headers: response.headers }
}

/** A store with a storefront token, and the public API of its host as a headless front end calls it. */
export interface StorefrontShop extends Tenant {
  /** `<slug>.localhost`, the store's own host. */
  host: string
  /** The store's storefront token. */
  token: string
  /** `storefrontQuery` on the store's host with its token. */
  query<Data = Record<string, unknown>>(
    text: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<StorefrontResponse<Data>>
}

/**
 * A store of the file's app with a storefront token, made in `beforeAll`; instead of the tenant,
 * token, host and query wrapper each storefront API test declared by hand.
 *
 * @example
 * const shop = useStorefrontShop(t, 'sfapi-content')
 * beforeAll(() => createPage(t, shop.apiKey, { title: 'About', status: 'PUBLISHED' }))
 * it('…', async () => expect((await shop.query('{ page(handle: "about") { title } }')).data).toEqual(…))
 */
export function useStorefrontShop(t: TestApp, slug: string): StorefrontShop {
  return perFile(
    async () => {
      const tenant = await t.tenant(slug)
      const { accessToken: token } = await createStorefrontToken(t, tenant.apiKey)
      const host = `${slug}.localhost`
      return {
        ...tenant,
        host,
        token,
        query: <Data>(text: string, variables?: Record<string, unknown>, headers?: Record<string, string>) =>
          storefrontQuery<Data>(t, host, token, text, variables, headers),
      }
    },
    () => Promise.resolve(),
  )
}
