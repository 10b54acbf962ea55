import { describe, expect, it, vi } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { productStream } from '../../../../domain/catalog/product/streams.js'
import { PublishScheduler } from '../../../../app/scheduling/publish-scheduler.js'
import { createProduct } from '../../../../test/support/products.js'

// The publish scheduler runs wherever projections run; a short interval lets the test watch it.

const t = useTestApp({ config: { publishSchedulerIntervalMs: 100 } })

type Read = { product: { status: string; publishAt: string | null } }
type Log = { auditLog: { nodes: { type: string; actor: { type: string; id: string; name: string | null } }[] } }

/** The first value `read` gives that is `done` (read every 100 ms, for up to `ms`). */
function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read()
      if (!done(value)) throw new Error(`not there yet: ${JSON.stringify(value)}`)
      return value
    },
    { timeout: ms, interval: 100 },
  )
}

describe('publish scheduler', () => {
  it('turns a product scheduled 4 s ahead ACTIVE with nobody calling, as the system actor', async () => {
    const { apiKey } = await t.tenant('scheduler')
    // 4 s: on a busy machine the create and the first read took longer than 1 s.
    const publishAt = new Date(Date.now() + 4000).toISOString()
    const product = await createProduct(t, apiKey, { title: 'Launch', publishAt })
    const read = () =>
      t.gql<Read>(apiKey, 'query ($id: ID) { product(id: $id) { status publishAt } }', { id: product.id })
    expect((await read()).data!.product).toEqual({ status: 'DRAFT', publishAt })

    const later = await waitFor(read, (r) => r.data!.product.status === 'ACTIVE', 20_000)
    expect(later.data!.product).toEqual({ status: 'ACTIVE', publishAt: null })

    // The audit log is a read model of its own: it may show the change a moment after the product does.
    const readLog = () =>
      t.gql<Log>(
        apiKey,
        'query ($id: ID) { auditLog(filter: { entityId: $id }) { nodes { type actor { type id name } } } }',
        { id: product.id },
      )
    const log = await waitFor(
      readLog,
      (r) => r.data!.auditLog.nodes.some((n) => n.type === 'ProductPublishUnscheduled'),
      20_000,
    )
    const scheduler = { type: 'system', id: 'scheduler', name: 'publish scheduler' }
    expect(log.data!.auditLog.nodes.slice(-2)).toEqual([
      { type: 'ProductStatusChanged', actor: scheduler },
      { type: 'ProductPublishUnscheduled', actor: scheduler },
    ])
  })

  it('publishes once when two schedulers race on the same due product', async () => {
    const { apiKey, storeId } = await t.tenant('scheduler-race')
    const product = await createProduct(t, apiKey, {
      title: 'Raced',
      publishAt: new Date(Date.now() + 60_000).toISOString(),
    })
    const platform = t.platform
    const scheduler = () =>
      new PublishScheduler({
        db: platform.database.db,
        intervalMs: 60_000,
        logger: platform.logger,
        execute: (name, input, ctx) => platform.execute(platform.registry.get(name), input, ctx),
      })
    const inAMinute = new Date(Date.now() + 61_000)
    // The command decides with the real clock, so the product is not due yet: nothing changes.
    expect(await scheduler().tick(inAMinute)).toBe(0)

    await t.gql(apiKey, 'mutation ($input: ProductUpdateInput!) { productUpdate(input: $input) { eventPosition } }', {
      input: { id: product.id, publishAt: new Date(Date.now() - 1000).toISOString() },
    })
    // The app's own scheduler polls too: three pollers race, and the stream must change once.
    await Promise.all([scheduler().tick(), scheduler().tick()])
    const stream = () => platform.eventStore.readStream(productStream(storeId, product.id))
    const events = await waitFor(stream, (list) => list.some((e) => e.type === 'ProductStatusChanged'), 20_000)
    expect(events.filter((e) => e.type === 'ProductStatusChanged').map((e) => e.metadata.actor)).toEqual([
      { type: 'system', id: 'scheduler', name: 'publish scheduler' },
    ])
  })
})
