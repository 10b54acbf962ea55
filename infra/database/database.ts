import { Kysely, PGliteDialect } from 'kysely'
import pg from 'pg'
import { ListenConnection, type Listener } from './listen-connection.js'
import { preparingPool } from './prepared-statements.js'
import { UnavailableMappingPostgresDialect } from './unavailable-driver.js'

/** Any kysely instance over our schema; tables are typed per slice in `projections/`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>

export type { Listener }

/** How long a query waits for a pooled connection, or a new one to open, before the database counts as unavailable. */
const CONNECT_TIMEOUT_MS = 10_000

/**
 * One Postgres, reached through `pg` (a pool) or embedded PGlite. Everything that is not plain
 * SQL — LISTEN, a session-pinned connection for advisory locks — is here, so the SQL code above
 * it is shared by both drivers.
 */
export interface Database {
  kind: 'pg' | 'pglite'
  db: AnyDb
  /**
   * LISTEN on a channel; returns the unlisten function. On Postgres the LISTEN connection is
   * re-established after a loss, and listeners then hear an empty payload: notifications may
   * have been missed, look for yourself.
   */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>
  /**
   * Run `work` on one connection held for its whole duration (session-level advisory locks
   * need that). PGlite has a single connection, so it is that one.
   */
  withSession<T>(work: (session: AnyDb) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** `postgres://…`; when absent, PGlite in `dataDir` (or in memory when that is absent too). */
  url?: string | undefined
  dataDir?: string | undefined
  /** A PGlite data directory dumped by `dumpDataDir`, started from instead of an empty cluster (tests' pre-migrated snapshot). */
  loadDataDir?: Blob | undefined
  poolSize?: number
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 20)
    : openPglite(options.dataDir, options.loadDataDir)
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // A connect that hangs (a server gone without closing its sockets) fails after this instead of holding the request.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: sessionOptions(url),
  })
  // An idle client that loses its connection (server restart, DROP DATABASE … FORCE) is dropped
  // by the pool; the next query opens a fresh one. Unhandled, the event would kill the process.
  pool.on('error', () => undefined)
  // The pool listens for errors only on idle clients. One checked out and idle between queries
  // (the projection runner's advisory-lock session holds its client for hours) that the server
  // drops (pg_terminate_backend, idle_session_timeout, failover) would emit an unhandled 'error'
  // and kill the process. Its next query fails instead, and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => undefined))
  const db = new Kysely({ dialect: new UnavailableMappingPostgresDialect({ pool: preparingPool(pool) }) })
  const listenConnection = new ListenConnection(url)

  return {
    kind: 'pg',
    db,
    listen: (channel, listener) => listenConnection.listen(channel, listener),
    async withSession(work) {
      return db.connection().execute(work)
    },
    async close() {
      await listenConnection.close()
      await db.destroy()
    },
  }
}

/**
 * JIT off for the API's sessions: read-model queries cover one store's rows, and the facet
 * statement over 10,000 products costs just above `jit_above_cost`, so Postgres spent ~0.8 s
 * compiling it for a query that runs in milliseconds (EXPLAIN ANALYZE, README "Benchmark").
 * Options the URL sets itself (`?options=…`) are kept, and win where they set jit too.
 */
function sessionOptions(url: string): string {
  let own: string | null = null
  try {
    own = new URL(url).searchParams.get('options')
  } catch {
    // A connection string URL cannot parse carries no options of its own to keep.
  }
  return own ? `-c jit=off ${own}` : '-c jit=off'
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  // Loaded only when used: a Postgres deployment should not carry the WebAssembly build in memory.
  const { PGlite } = await import('@electric-sql/pglite')
  const pglite = await PGlite.create({ dataDir, loadDataDir })
  const db = new Kysely({ dialect: new PGliteDialect({ pglite }) })
  return {
    kind: 'pglite',
    db,
    async listen(channel, listener) {
      const unlisten = await pglite.listen(channel, listener)
      return unlisten
    },
    async withSession(work) {
      return work(db)
    },
    async close() {
      await db.destroy()
    },
  }
}
