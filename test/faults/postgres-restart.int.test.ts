import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { EVENTS_CHANNEL } from '../../infra/eventstore/postgres/events-table.js'
import { startFaultApp, type FaultApp } from './support/fault-app.js'
import { auditLedger, waitForProjections } from './support/ledger.js'
import { requireBinary, startPrivatePostgres, type PrivatePostgres } from './support/private-servers.js'
import {
  PRODUCT_CREATE,
  productCreateOutcome,
  startWriteLoad,
  type ProductCreateBody,
  type WriteOutcome,
} from './support/write-load.js'

/**
 * PostgreSQL restarted (cleanly, then as a crash) while clients write: the writes caught by the
 * restart answer SERVICE_UNAVAILABLE (503, Retry-After) and never 500; the server reconnects
 * on its own, LISTENs again, its projections resume, and every write it acknowledged is in the
 * log and the read models, none applied twice. On a private cluster: the shared one on 5432
 * serves everyone else.
 */
const runs = requireBinary('postgres')

describe.skipIf(!runs)('PostgreSQL restarted under write load', () => {
  let server: PrivatePostgres
  let t: FaultApp

  beforeAll(async () => {
    server = await startPrivatePostgres()
    t = await startFaultApp(server.url, { readWaitMs: 10_000 })
  })

  afterAll(async () => {
    await t?.close()
    await server?.stop()
  })

  it('refuses what the restart caught with 503 and keeps every acknowledged write', { timeout: 90_000 }, async () => {
    const tenant = await t.tenant('pg-restart')
    const load = startWriteLoad(
      async (title) => {
        const response = await t.gql<NonNullable<ProductCreateBody['data']>>(tenant.apiKey, PRODUCT_CREATE, {
          input: { title },
        })
        return productCreateOutcome(title, {
          status: response.status,
          headers: response.headers,
          body: { data: response.data, errors: response.errors },
        })
      },
      { writers: 4, prefix: 'restart' },
    )
    await load.acknowledged(10, 20_000)
    const restarts: Date[] = []
    for (const mode of ['fast', 'immediate'] as const) {
      restarts.push(new Date())
      await server.restart(mode)
      // Back to acknowledging writes: the pool reconnected and the projections caught up again.
      await load.acknowledged(10, 30_000)
    }
    const outcomes = await load.stop()

    const refused = outcomes.filter((o): o is Extract<WriteOutcome, { ok: false }> => !o.ok)
    expect(refused.length).toBeGreaterThan(0)
    for (const outcome of refused) {
      expect(outcome).toMatchObject({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        retryAfter: expect.stringMatching(/^\d+$/),
      })
    }

    // LISTEN is re-established: a backend of the server that started after the last restart listens on the events channel.
    const { rows: listening } = await sql<{
      backend_start: Date
    }>`select backend_start from pg_stat_activity where query = ${`LISTEN "${EVENTS_CHANNEL}"`}`.execute(
      t.platform.database.db,
    )
    expect(listening.some((row) => row.backend_start > restarts.at(-1)!)).toBe(true)

    const { db } = t.platform.database
    await waitForProjections(db, t.platform.eventStore, t.platform.projections, 30_000)
    const report = await auditLedger(db, t.platform.eventStore, t.platform.projections, tenant.storeId, outcomes)
    expect(report.acknowledged).toBeGreaterThanOrEqual(30)
    expect(report).toMatchObject({ lostFromLog: [], lostFromReadModel: [], miscounted: [] })
    expect(report.productRows).toBe(report.createdEvents)
  })

  it(
    'answers SERVICE_UNAVAILABLE on every transport while the database is down, and serves again once it is back',
    { timeout: 60_000 },
    async () => {
      const tenant = await t.tenant('pg-down')
      const inject = (url: string, body?: unknown) =>
        t.app.inject({
          method: body ? 'POST' : 'GET',
          url,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            authorization: `Bearer ${tenant.apiKey}`,
          },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        })
      const mcpCall = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_products', arguments: {} } }
      await server.halt('fast')
      try {
        const read = await t.gql(tenant.apiKey, '{ products(first: 5) { totalCount } }')
        expect(read).toMatchObject({
          status: 503,
          errors: [{ extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: expect.any(Number) } }],
        })
        expect(read.headers['retry-after']).toMatch(/^\d+$/)

        const tool = await inject('/mcp', mcpCall)
        expect(tool.statusCode).toBe(503)
        expect(tool.headers['retry-after']).toMatch(/^\d+$/)
        expect(JSON.stringify(tool.json())).toContain('SERVICE_UNAVAILABLE')

        // Liveness stays up and says what it can; readiness says not ready.
        expect((await inject('/health')).statusCode).toBe(200)
        expect((await inject('/ready')).statusCode).toBe(503)
      } finally {
        await server.start()
      }
      const deadline = Date.now() + 20_000
      let back = await t.gql(tenant.apiKey, '{ products(first: 5) { totalCount } }')
      while (back.status !== 200 && Date.now() < deadline)
        back = await t.gql(tenant.apiKey, '{ products(first: 5) { totalCount } }')
      expect(back).toMatchObject({ status: 200, data: { products: { totalCount: 0 } } })
      expect((await inject('/mcp', mcpCall)).statusCode).toBe(200)
    },
  )

  it('hears notifications again after its LISTEN connection is terminated', { timeout: 30_000 }, async () => {
    const heard: string[] = []
    const unlisten = await t.platform.database.listen('fault_probe', (payload) => heard.push(payload))
    const admin = new pg.Client({ connectionString: server.url })
    await admin.connect()
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN %' and pid <> pg_backend_pid()`,
      )
      // Notified again on each try: one sent before the listener is back is lost.
      await vi.waitFor(
        async () => {
          await admin.query(`select pg_notify('fault_probe', 'after')`)
          expect(heard).toContain('after')
        },
        { timeout: 20_000, interval: 50 },
      )
      // Listeners were told that notifications may have been missed meanwhile.
      expect(heard).toContain('')
    } finally {
      await admin.end()
      await unlisten()
    }
  })
})
