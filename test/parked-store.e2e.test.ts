import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { statusLines } from '../cli/commands/projections.js'
import type { NewEvent, RecordedEvent } from '../infra/eventstore/port.js'
import { createTenant, type CreatedTenant } from '../app/operations/tenants.js'
import type { Projection } from '../infra/projections/projection.js'
import { retryProjections } from '../infra/projections/retry.js'
import { allProjections } from '../projections/all.js'
import { useTestApp } from './support/app.js'
import { eventually } from './support/projections.js'

/**
 * One store's event that a projection cannot apply (a year-0 date, which Postgres cannot store)
 * parks that store in that projection only: other stores read and write on, the parked store
 * reads (stale) and its writes answer SERVICE_UNAVAILABLE at once; every operator surface shows
 * it; after a fix, `projections retry` replays the store and it is current again.
 */

const YEAR_ZERO = '0000-01-01T00:00:00Z'
/** The "fix" the test ships after the failure: the projections then read a year-0 publishAt as none. */
let fixed = false

function repairable(projection: Projection): Projection {
  return {
    ...projection,
    apply(event, trx) {
      if (!fixed || event.data.publishAt !== YEAR_ZERO) return projection.apply(event, trx)
      return projection.apply({ ...event, data: { ...event.data, publishAt: null } }, trx)
    },
  }
}

const t = useTestApp({ projections: allProjections.map(repairable) })
let storeA: CreatedTenant
let storeB: CreatedTenant

beforeAll(async () => {
  storeA = await createTenant(t.platform, { organizationName: 'Org A', storeSlug: 'parked-a', storeName: 'Store A' })
  storeB = await createTenant(t.platform, { organizationName: 'Org B', storeSlug: 'parked-b', storeName: 'Store B' })
})

const CREATE = 'mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { id title } } }'
const READ = 'query ($id: ID) { product(id: $id) { id title revision } }'
const STATUS = '{ store { readModelStatus { state projection error } } }'
type Created = { productCreate: { product: { id: string; title: string } | null } }
type Read = { product: { id: string; title: string; revision: number } | null }
type Status = { store: { readModelStatus: { state: string; projection: string | null; error: string | null } } }

const readModelStatus = async (apiKey: string) => (await t.gql<Status>(apiKey, STATUS)).data!.store.readModelStatus
const countEvents = (storeId: string) => t.platform.eventStore.countAll({ filter: { scopeId: storeId } })

/** Copies of a real product's events, for a new product, as another path (no API) would append them. */
function copyOf(
  events: RecordedEvent[],
  productId: string,
  change: (event: RecordedEvent) => Record<string, unknown>,
): NewEvent[] {
  return events.map((event) => ({
    id: randomUUID(),
    type: event.type,
    data: { ...event.data, productId, ...change(event) },
    metadata: { ...event.metadata, correlationId: randomUUID() },
  }))
}

describe('a store whose event a projection cannot apply', () => {
  let goodId: string
  let badId: string

  it("parks that store only: its read models turn STALE with the projection and the error, other stores don't notice", async () => {
    const good = await t.gql<Created>(storeA.apiKey, CREATE, {
      input: { title: 'Good', publishAt: new Date(Date.now() + 86_400_000).toISOString() },
    })
    goodId = good.data!.productCreate.product!.id
    expect(await readModelStatus(storeA.apiKey)).toEqual({ state: 'CURRENT', projection: null, error: null })

    // The same command's events, with a date no projection can store.
    badId = randomUUID()
    const history = await t.platform.eventStore.readStream(`product-${storeA.storeId}_${goodId}`)
    expect(history.map((e) => e.type)).toEqual(['ProductCreated', 'ProductPublishScheduled'])
    const bad = copyOf(history, badId, (event) =>
      event.type === 'ProductCreated' ? { handle: 'year-zero' } : { publishAt: YEAR_ZERO },
    )
    await t.platform.eventStore.append(`product-${storeA.storeId}_${badId}`, bad, { expectedRevision: 'no_stream' })

    await eventually(async () => expect((await readModelStatus(storeA.apiKey)).state).toBe('STALE'))
    const status = await readModelStatus(storeA.apiKey)
    expect(status.projection).toBe('products')
    expect(status.error).toMatch(new RegExp(`^ProductPublishScheduled ${bad[1]!.id}: .*out of range`))

    // Store B writes and reads as ever.
    const created = await t.gql<Created>(storeB.apiKey, CREATE, { input: { title: 'Elsewhere' } })
    expect(created.errors).toBeUndefined()
    const id = created.data!.productCreate.product!.id
    expect((await t.gql<Read>(storeB.apiKey, READ, { id })).data!.product).toMatchObject({ id, title: 'Elsewhere' })
    expect(await readModelStatus(storeB.apiKey)).toEqual({ state: 'CURRENT', projection: null, error: null })
  })

  it('refuses the parked store its writes at once with SERVICE_UNAVAILABLE, and changes nothing; its reads answer', async () => {
    const before = await countEvents(storeA.storeId)
    const started = Date.now()
    const refused = await t.gql<Created>(storeA.apiKey, CREATE, { input: { title: 'Refused' } })
    // Not the bounded read-your-writes wait (10 s here): refused before anything is appended.
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(refused.status).toBe(503)
    expect(refused.headers['retry-after']).toBe('30')
    expect(refused.errors).toHaveLength(1)
    expect(refused.errors![0]!.extensions).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      retryAfter: 30,
      projection: 'products',
    })
    expect(refused.errors![0]!.message).toMatch(/read models are being repaired: the 'products' projection/)
    expect(await countEvents(storeA.storeId)).toBe(before)
    expect((await t.gql<Read>(storeA.apiKey, READ, { id: goodId })).data!.product).toMatchObject({
      id: goodId,
      title: 'Good',
    })
  })

  it('shows on /health (200, degraded), /ready (503), /metrics and projections status', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/health' })
    expect(health.statusCode).toBe(200)
    const body = health.json<{ status: string; projections: { name: string; state: string; parkedStores: number }[] }>()
    expect(body.status).toBe('degraded')
    expect(body.projections.find((p) => p.name === 'products')).toMatchObject({ state: 'running', parkedStores: 1 })

    const ready = await t.app.inject({ method: 'GET', url: '/ready' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json<{ checks: { projections: string } }>().checks.projections).toMatch(
      /products running lag \d+ parked stores 1/,
    )

    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body
    expect(metrics).toContain('emporium_projection_parked_stores{projection="products"} 1')
    expect(metrics).toContain('emporium_projection_parked_stores{projection="tenancy"} 0')
    expect(metrics).toContain('emporium_projection_halted{projection="products"} 0')

    const products = (await statusLines(t.platform)).find((s) => s.name === 'products')!
    expect(products.parkedStores).toEqual([
      {
        storeId: storeA.storeId,
        slug: 'parked-a',
        error: expect.stringContaining('out of range'),
        eventId: expect.any(String),
        position: expect.any(String),
        parkedAt: expect.any(Date),
      },
    ])
  })

  it('stays parked when retried before the fix, then resumes after it: later events applied once, writes and health back', async () => {
    expect(
      await retryProjections(t.platform.database, t.platform.projections, { storeId: storeA.storeId, pollMs: 20 }),
    ).toEqual([
      {
        projection: 'products',
        storeId: storeA.storeId,
        result: 'parked',
        error: expect.stringContaining('out of range'),
      },
    ])
    expect((await readModelStatus(storeA.apiKey)).state).toBe('STALE')

    // Meanwhile an event of the store arrives by a path that does not wait for read models (a scheduler, say).
    const history = await t.platform.eventStore.readStream(`product-${storeA.storeId}_${goodId}`)
    const retitled: NewEvent = {
      id: randomUUID(),
      type: 'ProductRetitled',
      data: { productId: goodId, title: 'Better' },
      metadata: { ...history[0]!.metadata, correlationId: randomUUID() },
    }
    await t.platform.eventStore.append(`product-${storeA.storeId}_${goodId}`, [retitled], {
      expectedRevision: history.length - 1,
    })

    fixed = true
    expect(
      await retryProjections(t.platform.database, t.platform.projections, { projection: 'products', pollMs: 20 }),
    ).toEqual([{ projection: 'products', storeId: storeA.storeId, result: 'resumed', error: null }])
    expect(await readModelStatus(storeA.apiKey)).toEqual({ state: 'CURRENT', projection: null, error: null })
    // The retry replays up to the log's horizon, which is cluster-wide: another test file's open
    // transaction can hold it before the event appended above, which the live worker then applies.
    await vi.waitFor(
      async () =>
        expect((await t.gql<Read>(storeA.apiKey, READ, { id: goodId })).data!.product).toEqual({
          id: goodId,
          title: 'Better',
          revision: 2,
        }),
      { timeout: 10_000, interval: 50 },
    )
    expect((await t.gql<Read>(storeA.apiKey, READ, { id: badId })).data!.product).toMatchObject({
      id: badId,
      title: 'Good',
    })
    const listed = await t.gql<{ products: { nodes: { id: string }[] } }>(
      storeA.apiKey,
      '{ products(first: 50) { nodes { id } } }',
    )
    expect(listed.data!.products.nodes.map((p) => p.id).sort()).toEqual([goodId, badId].sort())

    const created = await t.gql<Created>(storeA.apiKey, CREATE, { input: { title: 'Welcome back' } })
    expect(created.errors).toBeUndefined()
    expect(created.data!.productCreate.product).toMatchObject({ title: 'Welcome back' })
    const health = (await t.app.inject({ method: 'GET', url: '/health' })).json<{ status: string }>()
    expect(health.status).toBe('ok')
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
  })
})
