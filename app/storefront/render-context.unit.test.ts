import { describe, expect, it } from 'vitest'
import type { AnyDb } from '../../infra/database/database.js'
import { KeptLookups, RenderContexts, type ContextPart, type StoreRef } from './render-context.js'

const SHOP: StoreRef = { storeId: 'store-a', organizationId: 'org-a' }
const whole = (storeId: string) => ({ storeId, paths: [], surrogateKeys: [], all: true })

/** A part that answers how many loads it has run, each waiting for `release` when one is given. */
function countingPart(release?: Promise<void>): ContextPart<number> & { loads: number } {
  const part = {
    loads: 0,
    async load() {
      const load = ++part.loads
      await release
      return load
    },
  }
  return part
}

function followed(): RenderContexts {
  const contexts = new RenderContexts({} as AnyDb)
  contexts.follow()
  return contexts
}

describe('the render contexts', () => {
  it('load every read while no purger follows the log', async () => {
    const contexts = new RenderContexts({} as AnyDb)
    const part = countingPart()
    await contexts.read(SHOP, part)
    expect(await contexts.read(SHOP, part)).toBe(2)
  })

  it('keep a part until a purge of the whole store, and only then load it again', async () => {
    const contexts = followed()
    const part = countingPart()
    expect(await contexts.read(SHOP, part)).toBe(1)
    await contexts.purge({ storeId: SHOP.storeId, paths: ['/'], surrogateKeys: ['products'], all: false })
    await contexts.purge(whole('store-b'))
    expect(await contexts.read(SHOP, part)).toBe(1)
    await contexts.purge(whole(SHOP.storeId))
    expect(await contexts.read(SHOP, part)).toBe(2)
  })

  it('drop a part purged by a surrogate key when that key is purged in its store, and keep the others', async () => {
    const contexts = followed()
    const byKey = { ...countingPart(), purgedBy: ['collections'] }
    const other = countingPart()
    await Promise.all([contexts.read(SHOP, byKey), contexts.read(SHOP, other)])
    await contexts.purge({ storeId: 'store-b', paths: [], surrogateKeys: ['collections'], all: false })
    await contexts.purge({ storeId: SHOP.storeId, paths: [], surrogateKeys: ['products'], all: false })
    expect(await contexts.read(SHOP, byKey)).toBe(1)
    await contexts.purge({
      storeId: SHOP.storeId,
      paths: [],
      surrogateKeys: ['collection:1', 'collections'],
      all: false,
    })
    expect(await contexts.read(SHOP, byKey)).toBe(2)
    expect(await contexts.read(SHOP, other)).toBe(1)
  })

  it('keep lookups by key, found or not, once each, and try a failed one again', async () => {
    const asked: string[] = []
    const lookups = new KeptLookups(async (key: string) => {
      asked.push(key)
      if (key === 'broken' && asked.filter((k) => k === key).length === 1) throw new Error('connection lost')
      return key === 'missing' ? null : key.toUpperCase()
    })
    expect(await lookups.get('summer')).toBe('SUMMER')
    expect(await lookups.get('summer')).toBe('SUMMER')
    expect(await lookups.get('missing')).toBeNull()
    expect(await lookups.get('missing')).toBeNull()
    await expect(lookups.get('broken')).rejects.toThrow('connection lost')
    expect(await lookups.get('broken')).toBe('BROKEN')
    expect(asked).toEqual(['summer', 'missing', 'broken', 'broken'])
  })

  it('share one load between requests, and drop a load that a purge overtook', async () => {
    const contexts = followed()
    let release = () => {}
    const part = countingPart(new Promise((resolve) => (release = resolve)))
    const first = contexts.read(SHOP, part)
    const second = contexts.read(SHOP, part)
    await contexts.purge(whole(SHOP.storeId))
    const afterPurge = contexts.read(SHOP, part)
    release()
    expect(await Promise.all([first, second, afterPurge])).toEqual([1, 1, 2])
    expect(await contexts.read(SHOP, part)).toBe(2)
  })

  it('keep no failed load', async () => {
    const contexts = followed()
    let fail = true
    const part: ContextPart<string> = {
      load: async () => {
        if (fail) throw new Error('database away')
        return 'loaded'
      },
    }
    await expect(contexts.read(SHOP, part)).rejects.toThrow('database away')
    fail = false
    expect(await contexts.read(SHOP, part)).toBe('loaded')
  })

  it('never answer a request naming another organization for the store with the kept part', async () => {
    const contexts = followed()
    const part: ContextPart<string> = { load: async (_db, store) => store.organizationId }
    expect(await contexts.read(SHOP, part)).toBe('org-a')
    expect(await contexts.read({ ...SHOP, organizationId: 'org-b' }, part)).toBe('org-b')
    expect(await contexts.read(SHOP, part)).toBe('org-a')
  })

  it('keep the most recently asked-for stores', async () => {
    const contexts = followed()
    const part = countingPart()
    await contexts.read(SHOP, part)
    for (let i = 0; i < 10_000; i++) await contexts.read({ storeId: `store-${i}`, organizationId: 'org' }, part)
    expect(await contexts.read({ storeId: 'store-9999', organizationId: 'org' }, part)).toBe(10_001)
    expect(await contexts.read(SHOP, part)).toBe(10_002)
  })

  it('drop everything kept once no purger follows', async () => {
    const contexts = followed()
    const part = countingPart()
    await contexts.read(SHOP, part)
    contexts.unfollow()
    contexts.follow()
    expect(await contexts.read(SHOP, part)).toBe(2)
  })
})
