import { describe, expect, it, vi } from 'vitest'
import { CachePurger } from '../../../../app/storefront/cache/purger.js'
import {
  MemoryStorefrontCache,
  noopCdn,
  type CdnAdapter,
  type PurgeRequest,
} from '../../../../infra/cache/storefront-cache.js'
import { useTestApp, useTenant } from '../../../../test/support/app.js'
import { POSITION, UUID, createProduct, onlyError } from '../../../../test/support/products.js'
import { auditIn } from '../../../../test/support/settings.js'

// Cache purges reach every follower (local cache and CDN); store rebuilds report their progress.

const PURGE = `mutation ($input: CachePurgeInput!) { cachePurge(input: $input) { cachePurge { id paths surrogateKeys all } eventPosition } }`
const REBUILD =
  'mutation { cacheRebuild { cacheRebuild { id state processed total projections { projection state } } eventPosition } }'
const UPDATE = 'mutation ($input: ProductUpdateInput!) { productUpdate(input: $input) { product { id } } }'
const STATUS =
  'query ($id: ID!) { cacheRebuildStatus(id: $id) { id state processed total projections { projection state processed total error } } }'

type Rebuild = {
  id: string
  state: string
  processed: number
  total: number
  projections: { projection: string; state: string }[]
}

const t = useTestApp()
const shop = useTenant(t, 'cache-shop')
const other = useTenant(t, 'cache-other')

const page = (surrogateKeys: string[] = []) => ({ status: 200, headers: {}, body: '<html>', surrogateKeys })

/** A storefront node's cache with its purger, as the storefront runs them. */
async function purgedCache(cdn: CdnAdapter = noopCdn) {
  const cache = new MemoryStorefrontCache()
  const purger = new CachePurger({
    eventStore: t.platform.eventStore,
    readModels: t.platform.waiter,
    targets: [cache],
    cdn,
    readWaitMs: 5_000,
    logger: t.platform.logger,
  })
  await purger.start()
  const unfollow = t.platform.followWrites(purger)
  const stop = async () => {
    unfollow()
    await purger.stop()
  }
  const fill = async (storeId: string, path: string, tags: string[] = []) =>
    cache.set(storeId, path, path, page(tags), (await cache.get(storeId, path)).generation)
  const cached = async (storeId: string, path: string) => (await cache.get(storeId, path)).response !== null
  return { fill, cached, stop }
}

describe('cachePurge', () => {
  it('records the purge, which the storefront cache applies and the CDN is sent before the answer', async () => {
    const seen: PurgeRequest[] = []
    const { stop, fill, cached } = await purgedCache({ purge: async (request) => void seen.push(request) })
    try {
      await fill(shop.storeId, '/products/red-shirt')
      await fill(shop.storeId, '/collections/summer', ['product:1'])
      await fill(shop.storeId, '/')
      await fill(other.storeId, '/products/red-shirt')

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
      expect(seen).toEqual([
        { storeId: shop.storeId, paths: ['/products/red-shirt'], surrogateKeys: ['product:1'], all: false },
      ])
      expect(await cached(shop.storeId, '/products/red-shirt')).toBe(false)
      expect(await cached(shop.storeId, '/collections/summer')).toBe(false)
      expect(await cached(shop.storeId, '/')).toBe(true)
      expect(await cached(other.storeId, '/products/red-shirt')).toBe(true)

      await t.gql(shop.apiKey, PURGE, { input: { all: true } })
      expect(await cached(shop.storeId, '/')).toBe(false)
      expect(await cached(other.storeId, '/products/red-shirt')).toBe(true)
      expect(await auditIn(t, shop.apiKey, shop.storeId, response.data!.cachePurge.cachePurge.id)).toEqual([
        'CachePurgeRequested@0',
      ])
    } finally {
      await stop()
    }
  })

  it('purges what a product write touches once the read models show it, and nothing of other stores', async () => {
    const { stop, fill, cached } = await purgedCache()
    try {
      const product = await createProduct(t, shop.apiKey, { title: 'Cached' })
      await fill(shop.storeId, '/products/cached', [`product:${product.id}`])
      await fill(shop.storeId, '/collections/all', ['products'])
      await fill(shop.storeId, '/pages/about', ['page:1'])
      await fill(other.storeId, '/collections/all', ['products'])
      await t.gql(shop.apiKey, UPDATE, { input: { id: product.id, title: 'Cached, renamed' } })
      expect(await cached(shop.storeId, '/products/cached')).toBe(false)
      expect(await cached(shop.storeId, '/collections/all')).toBe(false)
      expect(await cached(shop.storeId, '/pages/about')).toBe(true)
      expect(await cached(other.storeId, '/collections/all')).toBe(true)
    } finally {
      await stop()
    }
  })

  it('keeps the local cache purged when the CDN fails', async () => {
    const { stop, fill, cached } = await purgedCache({ purge: async () => Promise.reject(new Error('CDN down')) })
    try {
      await fill(shop.storeId, '/a')
      await t.gql(shop.apiKey, PURGE, { input: { paths: ['/a'] } })
      expect(await cached(shop.storeId, '/a')).toBe(false)
    } finally {
      await stop()
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

    const status = await vi.waitFor(
      async () => {
        const { cacheRebuildStatus } = (await t.gql<{ cacheRebuildStatus: Rebuild }>(shop.apiKey, STATUS, { id })).data!
        expect(['DONE', 'FAILED']).toContain(cacheRebuildStatus.state)
        return cacheRebuildStatus
      },
      { timeout: 20_000, interval: 25 },
    )
    expect(status).toMatchObject({ id, state: 'DONE' })
    expect(status.processed).toBeGreaterThan(0)
    expect(status.processed).toBe(status.total)
    const read = await t.gql<{ product: { title: string } }>(
      shop.apiKey,
      'query ($id: ID) { product(id: $id) { title } }',
      { id: product.id },
    )
    expect(read.data!.product.title).toBe('Survivor')
  })

  it('takes its input left out, empty or with the placeholder _, and ignores it', async () => {
    for (const input of ['', '(input: {})', '(input: { _: true })', '(input: null)']) {
      const started = await t.gql<{ cacheRebuild: { cacheRebuild: Rebuild } }>(
        other.apiKey,
        `mutation { cacheRebuild${input} { cacheRebuild { id } } }`,
      )
      expect(started.errors, input).toBeUndefined()
      expect(started.data!.cacheRebuild.cacheRebuild.id).toMatch(UUID)
    }
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
