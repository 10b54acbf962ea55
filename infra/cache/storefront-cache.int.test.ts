import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { RedisStorefrontCache } from './redis-storefront-cache.js'
import { MemoryStorefrontCache, type StorefrontCache } from './storefront-cache.js'

const page = (body: string, surrogateKeys: string[] = []) => ({ status: 200, headers: {}, body, surrogateKeys })
const redisUrl = process.env.REDIS_URL

const adapters: { name: string; skip: boolean; open: () => Promise<StorefrontCache> }[] = [
  { name: 'memory', skip: false, open: async () => new MemoryStorefrontCache() },
  {
    name: 'Redis',
    // Against the real Redis of REDIS_URL (CI sets it); without it there is no server to test.
    skip: !redisUrl,
    open: () =>
      RedisStorefrontCache.open(redisUrl!, {
        prefix: `emporium-test:${randomUUID()}:`,
        ttlSeconds: 60,
        onError: (error) => {
          throw error
        },
      }),
  },
]

for (const adapter of adapters) {
  describe.skipIf(adapter.skip)(`storefront cache: ${adapter.name}`, () => {
    const opened: StorefrontCache[] = []
    const open = async () => {
      const cache = await adapter.open()
      opened.push(cache)
      return cache
    }
    const fill = async (cache: StorefrontCache, storeId: string, key: string, path: string, tags: string[] = []) => {
      const { generation } = await cache.get(storeId, key)
      expect(await cache.set(storeId, key, path, page(key, tags), generation)).toBe(true)
    }
    const bodyOf = async (cache: StorefrontCache, storeId: string, key: string) =>
      (await cache.get(storeId, key)).response?.body ?? null
    afterAll(() => Promise.all(opened.map((cache) => cache.close())))

    it('purges every query of a path, what a surrogate key tags, or all, within one store only', async () => {
      const cache = await open()
      const [s1, s2] = [randomUUID(), randomUUID()]
      await fill(cache, s1, 'h|/a', '/a')
      await fill(cache, s1, 'h|/a?page=2', '/a')
      await fill(cache, s1, 'h|/b', '/b', ['product:1'])
      await fill(cache, s1, 'h|/c', '/c', ['menu:1'])
      await fill(cache, s2, 'h|/a', '/a', ['product:1'])
      await cache.purge({ storeId: s1, paths: ['/a'], surrogateKeys: ['product:1'], all: false })
      expect(await bodyOf(cache, s1, 'h|/a')).toBeNull()
      expect(await bodyOf(cache, s1, 'h|/a?page=2')).toBeNull()
      expect(await bodyOf(cache, s1, 'h|/b')).toBeNull()
      expect(await bodyOf(cache, s1, 'h|/c')).toBe('h|/c')
      expect(await bodyOf(cache, s2, 'h|/a')).toBe('h|/a')
      await cache.purge({ storeId: s1, paths: [], surrogateKeys: [], all: true })
      expect(await bodyOf(cache, s1, 'h|/c')).toBeNull()
      expect(await bodyOf(cache, s2, 'h|/a')).toBe('h|/a')
    })

    it('keeps out a render that started before a purge of its store', async () => {
      const cache = await open()
      const store = randomUUID()
      const before = await cache.get(store, 'h|/products/shirt')
      await cache.purge({ storeId: store, paths: [], surrogateKeys: ['menu:9'], all: false })
      expect(await cache.set(store, 'h|/products/shirt', '/products/shirt', page('stale'), before.generation)).toBe(
        false,
      )
      expect(await bodyOf(cache, store, 'h|/products/shirt')).toBeNull()
      const after = await cache.get(store, 'h|/products/shirt')
      expect(await cache.set(store, 'h|/products/shirt', '/products/shirt', page('fresh'), after.generation)).toBe(true)
      expect(await bodyOf(cache, store, 'h|/products/shirt')).toBe('fresh')
    })
  })
}

describe.skipIf(!redisUrl)('Redis storefront cache across nodes', () => {
  it('shares entries and purges between nodes with the same prefix', async () => {
    const options = { prefix: `emporium-test:${randomUUID()}:`, ttlSeconds: 60, onError: () => undefined }
    const [a, b] = [
      await RedisStorefrontCache.open(redisUrl!, options),
      await RedisStorefrontCache.open(redisUrl!, options),
    ]
    try {
      const store = randomUUID()
      await a.set(store, 'h|/x', '/x', page('x', ['product:2']), (await a.get(store, 'h|/x')).generation)
      expect((await b.get(store, 'h|/x')).response?.body).toBe('x')
      await b.purge({ storeId: store, paths: [], surrogateKeys: ['product:2'], all: false })
      expect((await a.get(store, 'h|/x')).response).toBeNull()
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})

describe('MemoryStorefrontCache', () => {
  it('drops the least recently used entry beyond its size', async () => {
    const cache = new MemoryStorefrontCache(2)
    for (const key of ['/1', '/2']) await cache.set('s', key, key, page(key), 0)
    await cache.get('s', '/1')
    await cache.set('s', '/3', '/3', page('/3'), 0)
    expect((await cache.get('s', '/2')).response).toBeNull()
    expect((await cache.get('s', '/1')).response?.body).toBe('/1')
    expect(cache.size).toBe(2)
  })
})
