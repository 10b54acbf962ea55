import { mkdtemp, rm } from 'node:fs/promises'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../../infra/database/database.js'
import { createPostgresEventStore } from '../../infra/eventstore/postgres/adapter.js'
import { allProjections } from '../../projections/all.js'
import { createTestDatabase, type TestDatabase } from '../support/database.js'
import { createTenantIn } from './support/fault-app.js'
import { auditLedger } from './support/ledger.js'
import { startServerProcess, type ServerProcess } from './support/server-process.js'
import {
  createProductOverHttp,
  PRODUCT_CREATE,
  productCreateOutcome,
  type ProductCreateBody,
  type WriteOutcome,
} from './support/write-load.js'

/**
 * SIGTERM to a real `emporium serve`: new connections are refused at once, a request in
 * flight is answered, one that hangs is cut off at the drain's share of the bound, the
 * projections stop at a checkpoint, and the process exits 0 within SHUTDOWN_TIMEOUT_MS.
 */
const SHUTDOWN_TIMEOUT_MS = 4_000

describe('SIGTERM', () => {
  let dataDir: string | undefined
  let test: TestDatabase | undefined
  let server: ServerProcess | undefined

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL')
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
    await test?.drop()
  })

  it(
    'drains, refuses new connections, stops projections at a checkpoint and exits 0 within the bound',
    { timeout: 120_000 },
    async () => {
      // On Postgres with DATABASE_URL (a database of its own), else on PGlite in a directory of its own.
      test = process.env.DATABASE_URL ? await createTestDatabase() : undefined
      dataDir = test ? undefined : await mkdtemp(path.join(tmpdir(), 'emporium-sigterm-'))
      const backend: Record<string, string> = test
        ? { DATABASE_URL: test.url! }
        : { DATA_DIR: dataDir!, DATABASE_URL: '' }
      server = await startServerProcess({ ...backend, SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) })
      const { apiKey, storeId } = test ? await createTenantIn(test.url!, 'sigterm') : await server.demoTenant()
      const outcomes: WriteOutcome[] = []
      for (let i = 0; i < 5; i++)
        outcomes.push(await createProductOverHttp(server.baseUrl, apiKey, `before SIGTERM ${i}`))
      expect(outcomes.every((o) => o.ok)).toBe(true)

      // One request whose body is half sent when the signal comes, one whose body never comes.
      const body = JSON.stringify({ query: PRODUCT_CREATE, variables: { input: { title: 'in flight at SIGTERM' } } })
      const inFlight = await openRequest(server.port, apiKey, body)
      inFlight.socket.write(body.slice(0, 20))
      const hanging = await openRequest(server.port, apiKey, body)
      hanging.socket.write(body.slice(0, 20))
      const hangingEnd = hanging.response.then(
        () => 'answered',
        () => 'cut off',
      )

      const signalled = Date.now()
      server.child.kill('SIGTERM')
      await server.waitForLog((line) => line.msg?.startsWith('shutting down') ?? false, 5_000)
      await refusedWithin(server.port, 2_000)

      inFlight.socket.write(body.slice(20))
      const answer = await inFlight.response
      expect(answer.status).toBe(200)
      const completed = productCreateOutcome('in flight at SIGTERM', {
        status: answer.status,
        headers: {},
        body: JSON.parse(answer.body) as ProductCreateBody,
      })
      expect(completed.ok).toBe(true)
      outcomes.push(completed)

      const { code } = await server.exited
      const elapsed = Date.now() - signalled
      expect(code).toBe(0)
      expect(elapsed).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 1_000)
      // The hanging request was cut off, not answered.
      expect(await hangingEnd).toBe('cut off')
      const done = server.logs.find((line) => line.msg === 'shut down')
      expect(done).toMatchObject({ requestsDrained: false, stopped: true })

      // Every acknowledged write, the one in flight included, is in the log and the read models; nothing was applied twice.
      const database = test ? test.database : await openDatabase({ dataDir: path.join(dataDir!, 'pglite') })
      try {
        const report = await auditLedger(
          database.db,
          createPostgresEventStore(database),
          allProjections,
          storeId,
          outcomes,
        )
        expect(report).toMatchObject({ acknowledged: 6, lostFromLog: [], lostFromReadModel: [], miscounted: [] })
      } finally {
        if (!test) await database.close()
      }
    },
  )
})

/**
 * A POST /graphql over a raw socket whose headers the server has read (it answered `100
 * Continue`), the body left to the caller; `response` settles with the answer or rejects when
 * the connection closes without one.
 */
async function openRequest(
  port: number,
  apiKey: string,
  body: string,
): Promise<{ socket: Socket; response: Promise<{ status: number; body: string }> }> {
  const socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  socket.write(
    [
      'POST /graphql HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Authorization: Bearer ${apiKey}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Expect: 100-continue',
      'Connection: close',
      '',
      '',
    ].join('\r\n'),
  )
  let received = ''
  let continued: () => void = () => undefined
  const continuing = new Promise<void>((resolve) => (continued = resolve))
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString()
    if (received.startsWith(CONTINUE)) continued()
  })
  socket.on('error', () => undefined)
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    socket.once('close', () => {
      const match = /^HTTP\/1\.1 (\d{3})[\s\S]*?\r\n\r\n([\s\S]*)$/.exec(
        received.slice(received.startsWith(CONTINUE) ? CONTINUE.length : 0),
      )
      if (match) resolve({ status: Number(match[1]), body: match[2]! })
      else reject(new Error('connection closed without a response'))
    })
  })
  await continuing
  return { socket, response }
}

const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n'

/** Resolves once a new connection to the port is refused (tried every 25 ms, for up to `timeoutMs`). */
async function refusedWithin(port: number, timeoutMs: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const refused = await new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1')
        socket.once('connect', () => {
          socket.destroy()
          resolve(false)
        })
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
      })
      if (!refused) throw new Error(`port ${port} still accepts connections`)
    },
    { timeout: timeoutMs, interval: 25 },
  )
}
