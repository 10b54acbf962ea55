import { describe, expect, it } from 'vitest'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import { purgeOf } from './purge-of.js'

const STORE = '0190a0a0-0000-7000-8000-000000000001'
const event = (streamName: string, type: string, data: Record<string, unknown> = {}, storeId: string | null = STORE) =>
  ({
    streamName,
    type,
    data,
    metadata: { storeId },
    revision: 0,
    position: '1',
    recordedAt: new Date(),
  }) as unknown as RecordedEvent

describe('purgeOf', () => {
  it('drops a changed resource and the lists it may be on', () => {
    expect(purgeOf(event(`product-${STORE}_p1`, 'ProductUpdated'))).toEqual({
      storeId: STORE,
      paths: [],
      surrogateKeys: ['product:p1', 'products'],
      all: false,
    })
    expect(purgeOf(event(`post-${STORE}_b1`, 'PostPublished'))?.surrogateKeys).toEqual(['post:b1', 'posts'])
  })

  it('drops the whole store for what every page shows: theme, menus, settings, translations, the store itself', () => {
    for (const stream of [
      `theme-${STORE}_t1`,
      `menu-${STORE}_m1`,
      `settings-${STORE}_general`,
      `translation-${STORE}_x`,
    ]) {
      expect(purgeOf(event(stream, 'Changed'))).toMatchObject({ storeId: STORE, all: true })
    }
    expect(purgeOf(event(`store-org1_${STORE}`, 'StoreRenamed', {}, null))).toMatchObject({ storeId: STORE, all: true })
  })

  it('applies a requested purge as asked', () => {
    const data = { storeId: STORE, purgeId: 'x', paths: ['/a'], surrogateKeys: ['product:1'], all: false }
    expect(purgeOf(event(`cache-${STORE}_x`, 'CachePurgeRequested', data))).toEqual({
      storeId: STORE,
      paths: ['/a'],
      surrogateKeys: ['product:1'],
      all: false,
    })
  })

  it('names a path given with a locale prefix without it too, since every locale is filed under the bare path', () => {
    const data = { paths: ['/products/x', '/fr-ca/products/x', '/fr'], surrogateKeys: [], all: false }
    expect(purgeOf(event(`cache-${STORE}_x`, 'CachePurgeRequested', data))?.paths).toEqual([
      '/products/x',
      '/fr-ca/products/x',
      '/fr',
      '/',
    ])
  })

  it('ignores what no shopper sees', () => {
    expect(purgeOf(event(`apikey-org1_k1`, 'ApiKeyCreated', {}, null))).toBeNull()
    expect(purgeOf(event(`member-org1_u1`, 'MemberInvited', {}, null))).toBeNull()
  })
})
