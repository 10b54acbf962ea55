import { beforeAll, describe, expect, it, vi } from 'vitest'
import { useTenant, useTestApp } from '../../../test/support/app.js'
import { useFakeCdn } from '../../../test/support/fake-cdn.js'
import { createProduct } from '../../../test/support/products.js'
import { visit } from '../../../test/support/storefront.js'
import { untilMainTheme } from '../../../test/support/themes.js'

// The CDN in front of the storefront, as Fastly's purge API sees it (a local server standing in
// for api.fastly.com): a write purges the keys the pages it changed carry, with the service's
// key, one store's keys per call; a CDN that fails is retried, then counted, never failing the write.

const SERVICE_ID = 'SU1Z0isxPaozGVKXdv0eY'
const FASTLY_TOKEN = 'fastly-test-token'
const UPDATE = 'mutation ($input: ProductUpdateInput!) { productUpdate(input: $input) { product { id } } }'
const PURGE = 'mutation ($input: CachePurgeInput!) { cachePurge(input: $input) { cachePurge { id } } }'
const cdn = useFakeCdn()
const t = useTestApp(() => ({
  config: {
    cdnPurge: { provider: 'fastly', serviceId: SERVICE_ID, apiToken: FASTLY_TOKEN, softPurge: true, apiUrl: cdn.url },
  },
}))
const a = useTenant(t, 'cdn-a')
const b = useTenant(t, 'cdn-b')

beforeAll(async () => {
  await untilMainTheme(t, a.apiKey)
})

/** The Fastly purges received whose keys include `key`, each as its list of keys. */
const purgesNaming = (key: string) =>
  cdn.calls.map((call) => String(call.headers['surrogate-key'] ?? '').split(' ')).filter((keys) => keys.includes(key))

/** `emporium_cdn_purges_total{provider="fastly",outcome}` as `/metrics` shows it. */
async function purgeCount(outcome: 'ok' | 'retried' | 'failed'): Promise<number> {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`emporium_cdn_purges_total{provider="fastly",outcome="${outcome}"}`))
  return line ? Number(line.split(' ').at(-1)) : 0
}

describe('Fastly purges', () => {
  it("purges a product's keys, the ones its page carries, with the service's key; one store's keys per call", async () => {
    const lamp = await createProduct(t, a.apiKey, { title: 'Lamp', handle: 'lamp', status: 'ACTIVE' })
    const theirs = await createProduct(t, b.apiKey, { title: 'Rug', handle: 'rug', status: 'ACTIVE' })
    const page = await visit(t, 'cdn-a.localhost', '/products/lamp')
    expect(page.statusCode).toBe(200)
    const pageKeys = String(page.headers['surrogate-key']).split(' ')
    const productKey = `store:${a.storeId}:product:${lamp.id}`
    expect(pageKeys).toEqual(expect.arrayContaining([`store:${a.storeId}`, productKey]))
    expect(pageKeys.every((key) => key.startsWith(`store:${a.storeId}`))).toBe(true)

    const renamed = await t.gql(a.apiKey, UPDATE, { input: { id: lamp.id, title: 'Desk lamp' } })
    expect(renamed.errors).toBeUndefined()
    await t.gql(b.apiKey, UPDATE, { input: { id: theirs.id, title: 'Red rug' } })
    await vi.waitFor(() => expect(purgesNaming(productKey)).not.toEqual([]), { timeout: 30_000 })
    await vi.waitFor(() => expect(purgesNaming(`store:${b.storeId}:product:${theirs.id}`)).not.toEqual([]), {
      timeout: 30_000,
    })

    for (const call of cdn.calls) {
      expect(call).toMatchObject({ method: 'POST', path: `/service/${SERVICE_ID}/purge` })
      expect(call.headers).toMatchObject({ 'fastly-key': FASTLY_TOKEN, 'fastly-soft-purge': '1' })
      const keys = String(call.headers['surrogate-key']).split(' ')
      const store = keys[0]!.split(':').slice(0, 2).join(':')
      expect(keys.every((key) => key === store || key.startsWith(`${store}:`))).toBe(true)
    }
    expect(purgesNaming(productKey)[0]).toEqual(expect.arrayContaining([productKey, `store:${a.storeId}:products`]))
    expect(purgesNaming(productKey).flat().join(' ')).not.toContain(b.storeId)
  })

  it("purges the store's own key for everything, never another store's", async () => {
    const response = await t.gql(a.apiKey, PURGE, { input: { all: true } })
    expect(response.errors).toBeUndefined()
    await vi.waitFor(() => expect(purgesNaming(`store:${a.storeId}`)).toContainEqual([`store:${a.storeId}`]), {
      timeout: 30_000,
    })
  })

  it('retries a 503 and a 429 (after its Retry-After), then purges', async () => {
    const retried = await purgeCount('retried')
    cdn.answer('retry-me', { status: 503 }, { status: 429, headers: { 'retry-after': '1' } })
    const response = await t.gql(a.apiKey, PURGE, { input: { surrogateKeys: ['retry-me'] } })
    expect(response.errors).toBeUndefined()
    const key = `store:${a.storeId}:retry-me`
    await vi.waitFor(() => expect(purgesNaming(key)).toHaveLength(3), { timeout: 30_000 })
    expect(await purgeCount('retried')).toBe(retried + 2)
  })

  it('gives up after its attempts, or at once on a refusal, counting the failure; the write succeeds', async () => {
    const failed = await purgeCount('failed')
    cdn.answer('cdn-down', ...Array.from({ length: 4 }, () => ({ status: 500 })))
    const down = await t.gql(a.apiKey, PURGE, { input: { surrogateKeys: ['cdn-down'] } })
    expect(down.errors).toBeUndefined()
    await vi.waitFor(async () => expect(await purgeCount('failed')).toBe(failed + 1), { timeout: 30_000 })
    expect(purgesNaming(`store:${a.storeId}:cdn-down`)).toHaveLength(4)

    cdn.answer('bad-token', { status: 403, body: { msg: 'Unauthorized' } })
    const refused = await t.gql(a.apiKey, PURGE, { input: { surrogateKeys: ['bad-token'] } })
    expect(refused.errors).toBeUndefined()
    await vi.waitFor(async () => expect(await purgeCount('failed')).toBe(failed + 2), { timeout: 30_000 })
    expect(purgesNaming(`store:${a.storeId}:bad-token`)).toHaveLength(1)
  })
})
