import { describe, expect, it } from 'vitest'
import { MemoryStorefrontCache } from './storefront-cache.js'

const page = (surrogateKeys: string[] = []) => ({ status: 200, headers: {}, body: 'x', surrogateKeys })

describe('MemoryStorefrontCache', () => {
  it('purges by path, by surrogate key and all, within one store only', () => {
    const cache = new MemoryStorefrontCache()
    cache.set('s1', '/a', page())
    cache.set('s1', '/b', page(['product:1']))
    cache.set('s1', '/c', page())
    cache.set('s2', '/a', page(['product:1']))
    cache.purge({ storeId: 's1', paths: ['/a'], surrogateKeys: ['product:1'], all: false })
    expect([cache.get('s1', '/a'), cache.get('s1', '/b')]).toEqual([null, null])
    expect(cache.get('s1', '/c')).not.toBeNull()
    expect(cache.get('s2', '/a')).not.toBeNull()
    cache.purge({ storeId: 's1', paths: [], surrogateKeys: [], all: true })
    expect(cache.get('s1', '/c')).toBeNull()
    expect(cache.size).toBe(1)
  })

  it('drops the oldest entry beyond its size', () => {
    const cache = new MemoryStorefrontCache(2)
    cache.set('s', '/1', page())
    cache.set('s', '/2', page())
    cache.set('s', '/3', page())
    expect(cache.get('s', '/1')).toBeNull()
    expect(cache.size).toBe(2)
  })
})
