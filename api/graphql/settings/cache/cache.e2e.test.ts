import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { followPurges } from '../../../../infra/cache/follow.js'
import { MemoryStorefrontCache, type CdnAdapter, type PurgeRequest } from '../../../../infra/cache/storefront-cache.js'
import { startTestApp, type Tenant, type TestApp } from '../../../../test/support/app.js'
import { POSITION, UUID, createProduct, onlyError } from '../../../../test/support/products.js'
import { auditIn } from '../../../../test/support/settings.js'

// Cache purges reach every follower (local cache and CDN); store rebuilds report their progress.

const PURGE = `mutation ($input: CachePurgeInput!) { cachePurge(input: $input) { cachePurge { id paths surrogateKeys all } eventPosition } }`
const REBUILD =
  'mutation { cacheRebuild { cacheRebuild { id state processed total projections { projection state } } eventPosition } }'
const STATUS =
  'query ($id: ID!) { cacheRebuildStatus(id: $id) { id state processed total projections { projection state processed total error } } }'

type Rebuild = {
  id: string
  state: string
  processed: number
  total: number
  projections: { projection: string; state: string }[]
}

let t: TestApp
let shop: Tenant
let other: Tenant
beforeAll(async () => {
  t = await startTestApp()
  shop = await t.tenant('cache-shop')
  other = await t.tenant('cache-other')
})
afterAll(() => t.close())

const page = (surrogateKeys: string[] = []) => ({ status: 200, headers: {}, body: '<html>', surrogateKeys })

async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('cachePurge', () => {
  it('records the purge, which a following cache and the CDN apply', async () => {
    const cache = new MemoryStorefrontCache()
    const seen: PurgeRequest[] = []
    const cdn: CdnAdapter = { purge: async (request) => void seen.push(request) }
    const following = followPurges({
      eventStore: t.platform.eventStore,
      cache,
      cdn,
      from: await t.platform.eventStore.headPosition(),
    })
    try {
      cache.set(shop.storeId, '/products/red-shirt', page())
      cache.set(shop.storeId, '/collections/summer', page(['product:1']))
      cache.set(shop.storeId, '/', page())
      cache.set(other.storeId, '/products/red-shirt', page())

      const response = await t.gql<{
        cachePurge: {
          cachePurge: { id: string; paths: string[]; surrogateKeys: string[]; all: boolean }
          eventPosition: string
        }
      }>(shop.apiKey, PURGE, {
        input: { paths: ['/products/red-shirt', '/products/red-shirt'], surrogateKeys: ['product:1'] },
      })
      expect(response.errors).toBeUndefined()
      expect(response.data!.cachePurge).toEqual({
        cachePurge: {
          id: expect.stringMatching(UUID),
          paths: ['/products/red-shirt'],
          surrogateKeys: ['product:1'],
          all: false,
        },
        eventPosition: expect.stringMatching(POSITION),
      })
      await eventually(() => seen.length === 1)
      expect(seen[0]).toEqual({
        storeId: shop.storeId,
        paths: ['/products/red-shirt'],
        surrogateKeys: ['product:1'],
        all: false,
      })
      expect(cache.get(shop.storeId, '/products/red-shirt')).toBeNull()
      expect(cache.get(shop.storeId, '/collections/summer')).toBeNull()
      expect(cache.get(shop.storeId, '/')).not.toBeNull()
      expect(cache.get(other.storeId, '/products/red-shirt')).not.toBeNull()

      await t.gql(shop.apiKey, PURGE, { input: { all: true } })
      await eventually(() => seen.length === 2)
      expect(cache.get(shop.storeId, '/')).toBeNull()
      expect(cache.get(other.storeId, '/products/red-shirt')).not.toBeNull()
      expect(await auditIn(t, shop.apiKey, shop.storeId, response.data!.cachePurge.cachePurge.id)).toEqual([
        'CachePurgeRequested@0',
      ])
    } finally {
      await following.close()
    }
  })

  it('keeps the local cache purged when the CDN fails', async () => {
    const cache = new MemoryStorefrontCache()
    const failing: CdnAdapter = { purge: async () => Promise.reject(new Error('CDN down')) }
    const following = followPurges({
      eventStore: t.platform.eventStore,
      cache,
      cdn: failing,
      from: await t.platform.eventStore.headPosition(),
    })
    try {
      cache.set(shop.storeId, '/a', page())
      await t.gql(shop.apiKey, PURGE, { input: { paths: ['/a'] } })
      await eventually(() => cache.get(shop.storeId, '/a') === null)
    } finally {
      await following.close()
    }
  })

  it.each([
    [{}, ['input', 'paths'], 'say what to purge'],
    [{ all: true, paths: ['/'] }, ['input', 'all'], 'leave out paths'],
    [{ paths: ['products'] }, ['input', 'paths', 0], "start with '/'"],
    [{ surrogateKeys: ['has space'] }, ['input', 'surrogateKeys', 0], 'surrogate key'],
  ])('refuses %j with BAD_USER_INPUT', async (input, field, message) => {
    const error = onlyError(await t.gql(shop.apiKey, PURGE, { input }))
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field })
    expect(error.message).toContain(message)
  })

  it('needs settings:write', async () => {
    const reader = await t.key(shop.storeSlug, ['settings:read'])
    expect(onlyError(await t.gql(reader, PURGE, { input: { all: true } }))).toMatchObject({ code: 'FORBIDDEN' })
  })
})

describe('cacheRebuild and cacheRebuildStatus', () => {
  it('rebuilds the store’s read models and reports progress until done, keeping the data', async () => {
    const product = await createProduct(t, shop.apiKey, { title: 'Survivor' })
    const started = await t.gql<{ cacheRebuild: { cacheRebuild: Rebuild; eventPosition: string } }>(
      shop.apiKey,
      REBUILD,
    )
    expect(started.errors).toBeUndefined()
    const { id, projections } = started.data!.cacheRebuild.cacheRebuild
    expect(id).toMatch(UUID)
    expect(projections.map((p) => p.projection)).toEqual(expect.arrayContaining(['products', 'audit_log']))

    let status: Rebuild | null = null
    await eventually(async () => {
      status = (await t.gql<{ cacheRebuildStatus: Rebuild }>(shop.apiKey, STATUS, { id })).data!.cacheRebuildStatus
      return status.state === 'DONE' || status.state === 'FAILED'
    }, 20_000)
    expect(status!).toMatchObject({ id, state: 'DONE' })
    expect(status!.processed).toBeGreaterThan(0)
    expect(status!.processed).toBe(status!.total)
    const read = await t.gql<{ product: { title: string } }>(
      shop.apiKey,
      'query ($id: ID) { product(id: $id) { title } }',
      { id: product.id },
    )
    expect(read.data!.product.title).toBe('Survivor')
  })

  it('answers NOT_FOUND for another store’s rebuild and an unknown id', async () => {
    const started = await t.gql<{ cacheRebuild: { cacheRebuild: Rebuild } }>(other.apiKey, REBUILD)
    const theirs = started.data!.cacheRebuild.cacheRebuild.id
    expect(onlyError(await t.gql(shop.apiKey, STATUS, { id: theirs }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(shop.apiKey, STATUS, { id: 'nope' }))).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('needs settings:write to start and settings:read to follow', async () => {
    const products = await t.key(shop.storeSlug, ['products:write'])
    expect(onlyError(await t.gql(products, REBUILD))).toMatchObject({ code: 'FORBIDDEN' })
    expect(onlyError(await t.gql(products, STATUS, { id: '0190a0b0-0000-7000-8000-0000000000ff' }))).toMatchObject({
      code: 'FORBIDDEN',
    })
  })
})
