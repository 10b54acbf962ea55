import { describe, expect, it } from 'vitest'
import type { AnyDb } from '../../infra/database/database.js'
import { createLogger } from '../../infra/logging/logger.js'
import type { FacetIndex } from '../../projections/catalog/product/facet-index/load.js'
import { CatalogIndexes } from './catalog-index.js'

const STORE = '01a21800-0000-7000-8000-000000000001'
const index = (size: number) => ({ size, currency: 'EUR' }) as FacetIndex
const silent = createLogger('silent')

/** Indexes whose builds the test finishes by hand, on a clock it moves. */
function indexes() {
  const builds: ((index: FacetIndex) => void)[] = []
  let now = 0
  const catalog = new CatalogIndexes(
    {} as AnyDb,
    silent,
    () => now,
    () => new Promise<FacetIndex>((resolve) => builds.push(resolve)),
  )
  catalog.follow()
  return { catalog, builds, tick: (ms: number) => (now += ms) }
}

const settled = async <Value>(promise: Promise<Value>): Promise<Value | 'pending'> =>
  Promise.race([promise, new Promise<'pending'>((resolve) => setImmediate(() => resolve('pending')))])

describe('CatalogIndexes.ready', () => {
  it('waits for the build under way instead of answering null beside it', async () => {
    const { catalog, builds } = indexes()
    const first = catalog.ready(STORE)
    const second = catalog.ready(STORE)
    expect(await settled(first)).toBe('pending')
    expect(builds).toHaveLength(1)
    builds[0]!(index(3))
    expect((await first)?.size).toBe(3)
    expect((await second)?.size).toBe(3)
    expect(catalog.current(STORE)?.size).toBe(3)
  })

  it('answers null when a change throws the awaited build away, and builds nothing until the catalog is quiet', async () => {
    const { catalog, builds, tick } = indexes()
    const waiting = catalog.ready(STORE)
    await catalog.purge({ storeId: STORE, paths: [], surrogateKeys: ['products'], all: false })
    builds[0]!(index(3))
    expect(await waiting).toBeNull()
    expect(await catalog.ready(STORE)).toBeNull()
    expect(builds).toHaveLength(1)
    tick(1_000)
    const rebuilt = catalog.ready(STORE)
    builds[1]!(index(4))
    expect((await rebuilt)?.size).toBe(4)
  })

  it('is never used before the purger follows the log', async () => {
    const { catalog, builds } = indexes()
    catalog.unfollow()
    expect(await catalog.ready(STORE)).toBeNull()
    expect(builds).toHaveLength(0)
  })
})
