import { beforeAll, describe, expect, it } from 'vitest'
import { useTxtResolver } from '../../infra/dns/txt.js'
import { useTenant, useTestApp } from '../../test/support/app.js'

// GET /internal/resolve-host: which store a storefront host serves, for the edge proxy.

const SECRET = 'an-internal-secret-of-some-length'

const t = useTestApp()
const shop = useTenant(t, 'host-shop')
let custom: string
const records = new Map<string, string>()
beforeAll(async () => {
  ;(t.platform.config as { internalSecret: string | undefined }).internalSecret = SECRET
  useTxtResolver(t.platform, async (name) => (records.has(name) ? [[records.get(name)!]] : []))
  const added = await t.gql<{
    storeDomainAdd: { storeDomain: { id: string; verificationRecord: { name: string; value: string } } }
  }>(
    shop.apiKey,
    'mutation { storeDomainAdd(input: { hostname: "www.host-shop.example" }) { storeDomain { id verificationRecord { name value } } } }',
  )
  const domain = added.data!.storeDomainAdd.storeDomain
  custom = domain.id
  records.set(domain.verificationRecord.name, domain.verificationRecord.value)
  await t.gql(
    shop.apiKey,
    'mutation { storeDomainAdd(input: { hostname: "pending.host-shop.example" }) { storeDomain { id } } }',
  )
})

const resolve = (host: string, secret: string | null = SECRET) =>
  t.app.inject({
    method: 'GET',
    url: `/internal/resolve-host?host=${encodeURIComponent(host)}`,
    headers: secret === null ? {} : { 'x-internal-secret': secret },
  })

describe('/internal/resolve-host', () => {
  it('resolves <slug>.<PLATFORM_HOST>, with a port and in any case', async () => {
    const response = await resolve(`Host-Shop.${t.platform.config.platformHost}:8080`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      storeId: shop.storeId,
      organizationId: shop.organizationId,
      slug: 'host-shop',
      name: 'Store host-shop',
      commerceEnabled: false,
      primaryHost: `host-shop.${t.platform.config.platformHost}`,
      via: 'platform_subdomain',
    })
  })

  it('resolves a custom domain only once it is verified, and names the primary host', async () => {
    expect((await resolve('www.host-shop.example')).statusCode).toBe(404)
    await t.gql(
      shop.apiKey,
      'mutation ($id: ID!) { storeDomainVerify(input: { id: $id }) { storeDomain { status } } }',
      { id: custom },
    )
    await t.gql(
      shop.apiKey,
      'mutation ($id: ID!) { storeDomainSetPrimary(input: { id: $id }) { storeDomain { primary } } }',
      { id: custom },
    )
    const response = await resolve('WWW.host-shop.example.')
    expect(response.json()).toMatchObject({
      storeId: shop.storeId,
      via: 'custom_domain',
      primaryHost: 'www.host-shop.example',
    })
    expect((await resolve('pending.host-shop.example')).statusCode).toBe(404)
  })

  it('answers 404 for unknown hosts and archived stores', async () => {
    expect((await resolve(`nobody.${t.platform.config.platformHost}`)).statusCode).toBe(404)
    expect((await resolve('unknown.example.org')).statusCode).toBe(404)
    const gone = await t.tenant('host-gone')
    await t.gql(gone.apiKey, 'mutation { storeArchive(input: {}) { store { status } } }')
    expect((await resolve(`host-gone.${t.platform.config.platformHost}`)).statusCode).toBe(404)
  })

  it('refuses a missing or wrong secret, and a missing host', async () => {
    expect((await resolve(`host-shop.${t.platform.config.platformHost}`, null)).statusCode).toBe(401)
    expect((await resolve(`host-shop.${t.platform.config.platformHost}`, 'wrong')).statusCode).toBe(401)
    expect(
      (await t.app.inject({ method: 'GET', url: '/internal/resolve-host', headers: { 'x-internal-secret': SECRET } }))
        .statusCode,
    ).toBe(400)
  })

  it('does not exist without INTERNAL_SECRET', async () => {
    ;(t.platform.config as { internalSecret: string | undefined }).internalSecret = undefined
    try {
      expect((await resolve(`host-shop.${t.platform.config.platformHost}`)).statusCode).toBe(404)
    } finally {
      ;(t.platform.config as { internalSecret: string | undefined }).internalSecret = SECRET
    }
  })
})
