import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeCdn } from '../../test/support/fake-cdn.js'
import { createLogger } from '../logging/logger.js'
import { createPlatformMetrics } from '../metrics/platform-metrics.js'
import { purgeKeys, responseKeys } from './cdn-keys.js'
import { HttpCdnPurge } from './cdn-purge.js'

// Cloudflare's purge by cache tag against a local server standing in for api.cloudflare.com: the
// keys of a purge are the store's, the ones its responses carry, sent 30 a call with the zone's token.

const STORE = '0190a0a0-0000-7000-8000-000000000001'
const OTHER = '0190a0a0-0000-7000-8000-000000000002'
const ZONE = '023e105f4ecef8ad9ca31a8372d0c353'
let cdn: FakeCdn

beforeAll(async () => {
  cdn = await FakeCdn.start()
})
afterAll(() => cdn.close())

function cloudflare() {
  const metrics = createPlatformMetrics()
  const adapter = new HttpCdnPurge(
    { provider: 'cloudflare', zoneId: ZONE, apiToken: 'cf-test-token', apiUrl: cdn.url },
    { logger: createLogger('silent'), metrics, retry: { baseDelayMs: 10 } },
  )
  const count = async (outcome: string) =>
    (await metrics.registry.getSingleMetric('emporium_cdn_purges_total')!.get()).values.find(
      (value) => value.labels.outcome === outcome,
    )?.value ?? 0
  return { adapter, count }
}

const tagsOf = (from: number) => cdn.calls.slice(from).map((call) => (JSON.parse(call.body) as { tags: string[] }).tags)

describe('Cloudflare purges', () => {
  it('sends the store-scoped tags 30 a call, with the bearer token, to the zone', async () => {
    const { adapter, count } = cloudflare()
    const from = cdn.calls.length
    const surrogateKeys = Array.from({ length: 64 }, (_, i) => `product:${i}`)
    await adapter.purge({ storeId: STORE, paths: ['/products/lamp'], surrogateKeys, all: false })

    const sent = tagsOf(from)
    expect(sent.map((tags) => tags.length)).toEqual([30, 30, 5])
    expect(sent.flat()).toEqual(purgeKeys({ storeId: STORE, paths: ['/products/lamp'], surrogateKeys, all: false }))
    expect(sent.flat().every((tag) => tag.startsWith(`store:${STORE}:`))).toBe(true)
    // What a purge names is what the page of that path and tag carried.
    expect(sent.flat()).toEqual(expect.arrayContaining(responseKeys(STORE, ['product:3'], '/products/lamp').slice(1)))
    for (const call of cdn.calls.slice(from)) {
      expect(call).toMatchObject({ method: 'POST', path: `/client/v4/zones/${ZONE}/purge_cache` })
      expect(call.headers).toMatchObject({ authorization: 'Bearer cf-test-token', 'content-type': 'application/json' })
    }
    expect(await count('ok')).toBe(3)
  })

  it("purges everything of a store by the store's tag, which no other store's response carries", async () => {
    const { adapter } = cloudflare()
    const from = cdn.calls.length
    await adapter.purge({ storeId: STORE, paths: ['/'], surrogateKeys: ['products'], all: true })
    expect(tagsOf(from)).toEqual([[`store:${STORE}`]])
    expect(responseKeys(OTHER, ['products'], '/')).not.toContain(`store:${STORE}`)
  })

  it('retries 5xx and 429, then gives up and counts it without throwing', async () => {
    const { adapter, count } = cloudflare()
    cdn.answer(`store:${STORE}:flaky`, { status: 502 }, { status: 429 })
    await adapter.purge({ storeId: STORE, paths: [], surrogateKeys: ['flaky'], all: false })
    expect([await count('retried'), await count('ok')]).toEqual([2, 1])

    const from = cdn.calls.length
    cdn.answer(`store:${STORE}:down`, ...Array.from({ length: 4 }, () => ({ status: 500 })))
    await expect(
      adapter.purge({ storeId: STORE, paths: [], surrogateKeys: ['down'], all: false }),
    ).resolves.toBeUndefined()
    expect(cdn.calls.length - from).toBe(4)
    expect(await count('failed')).toBe(1)
  })
})
