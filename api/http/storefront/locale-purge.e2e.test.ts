import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { Config } from '../../../infra/config.js'
import { useTenant, useTestApp } from '../../../test/support/app.js'
import { useFakeCdn } from '../../../test/support/fake-cdn.js'
import { ok } from '../../../test/support/menus.js'
import { createProduct } from '../../../test/support/products.js'
import { visit } from '../../../test/support/storefront.js'
import { untilMainTheme } from '../../../test/support/themes.js'

// A path purge reaches every locale's copy of the page: in the node's cache, in Redis shared by
// nodes, and at the CDN, where it names one key for all of them.

const HOST = 'purge-locales.localhost'
const STORE_UPDATE = 'mutation ($input: StoreUpdateInput!) { storeUpdate(input: $input) { eventPosition } }'
const PURGE = 'mutation ($input: CachePurgeInput!) { cachePurge(input: $input) { cachePurge { id } } }'
const LOCALES = ['/products/lamp', '/fr/products/lamp', '/fr-ca/products/lamp']
const redisUrl = process.env.REDIS_URL

const caches: { name: string; skip: boolean; config: Partial<Config> }[] = [
  { name: 'in process', skip: false, config: { storefrontCache: { kind: 'memory', redisPrefix: 'unused:' } } },
  {
    name: 'Redis',
    // Against the real Redis of REDIS_URL (CI sets it); without it there is no server to test.
    skip: !redisUrl,
    config: { redisUrl, storefrontCache: { kind: 'redis', redisPrefix: `emporium-test:${randomUUID()}:` } },
  },
]

for (const cache of caches) {
  describe.skipIf(cache.skip)(`a path purge, cache ${cache.name}`, () => {
    const cdn = useFakeCdn()
    const t = useTestApp(() => ({
      config: {
        ...cache.config,
        cdnPurge: { provider: 'fastly', serviceId: 'svc', apiToken: 'token', softPurge: false, apiUrl: cdn.url },
      },
    }))
    const shop = useTenant(t, 'purge-locales')

    beforeAll(async () => {
      await untilMainTheme(t, shop.apiKey)
      await ok(t, shop.apiKey, STORE_UPDATE, { enabledLocales: ['en', 'fr', 'fr-CA'] }, 'storeUpdate')
      await createProduct(t, shop.apiKey, { title: 'Lamp', handle: 'lamp', status: 'ACTIVE' })
    })

    /** Renders each locale's page until cached; answers the path key each one carries. */
    async function cacheEveryLocale(): Promise<string[]> {
      const pathKeys: string[] = []
      for (const path of LOCALES) {
        await visit(t, HOST, path)
        const cached = await visit(t, HOST, path)
        expect([path, cached.statusCode, cached.headers['x-cache']]).toEqual([path, 200, 'HIT'])
        const keys = String(cached.headers['surrogate-key']).split(' ')
        pathKeys.push(...keys.filter((key) => key.startsWith(`store:${shop.storeId}:path:`)))
      }
      return pathKeys
    }

    const cacheStates = async () =>
      Promise.all(LOCALES.map(async (path) => (await visit(t, HOST, path)).headers['x-cache']))

    it('files every locale under one path key, and a purge of the bare path drops them all with that key', async () => {
      const pathKeys = await cacheEveryLocale()
      expect(pathKeys).toHaveLength(3)
      expect(new Set(pathKeys).size).toBe(1)

      await ok(t, shop.apiKey, PURGE, { paths: ['/products/lamp'] }, 'cachePurge')
      expect(await cacheStates()).toEqual(['MISS', 'MISS', 'MISS'])
      const purged = () => cdn.calls.map((call) => String(call.headers['surrogate-key']).split(' '))
      await vi.waitFor(() => expect(purged()).toContainEqual([pathKeys[0]]), { timeout: 30_000 })
    })

    it('drops every locale for a path given with its locale prefix too', async () => {
      await cacheEveryLocale()
      await ok(t, shop.apiKey, PURGE, { paths: ['/fr-ca/products/lamp'] }, 'cachePurge')
      expect(await cacheStates()).toEqual(['MISS', 'MISS', 'MISS'])
    })
  })
}
