import { sql } from 'kysely'
import type { Logger } from 'pino'
import type { AnyDb, Database } from '../database/database.js'
import type { EventStore } from '../eventstore/port.js'
import type { Projection } from './projection.js'
import { rebuildBeside, rebuildStore } from './rebuild.js'
import { REBUILD_CHANNEL, type RebuildRow } from './schema.js'
import { ProjectionWorker } from './worker.js'

export interface RunnerOptions {
  database: Database
  eventStore: EventStore
  projections: readonly Projection[]
  logger: Logger
  onAdvance?: (name: string, position: string) => void
  batchSize?: number
  /** How often to try for projections another process owns, and to look for rebuild requests. */
  lockIntervalMs?: number
}

/**
 * Runs the projections this process can own. Ownership is a session-level advisory lock per
 * projection, held on one dedicated connection: exactly one process feeds each projection, and
 * when that process dies its locks go with its connection and another one takes over.
 * The owner also carries out rebuild requests for its projections, whoever asked for them.
 */
export class ProjectionRunner {
  private readonly workers = new Map<string, ProjectionWorker>()
  private stopped = false
  private wake: (() => void) | null = null
  private loop: Promise<void> | null = null
  private unlisten: (() => Promise<void>) | null = null

  constructor(private readonly options: RunnerOptions) {}

  /** Starts owning what it can; resolves once the first round of locks has been tried. */
  async start(): Promise<void> {
    const ready = new Promise<void>((resolve) => {
      this.loop = this.options.database.withSession((session) => this.run(session, resolve)).catch((error: unknown) => {
        this.options.logger.error({ err: error }, 'projection runner stopped on an error')
        resolve()
      })
    })
    this.unlisten = await this.options.database.listen(REBUILD_CHANNEL, () => this.wake?.())
    await ready
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.wake?.()
    await this.unlisten?.()
    await this.loop
  }

  /** Names of the projections this process owns. */
  owned(): string[] {
    return [...this.workers.keys()]
  }

  private async run(session: AnyDb, ready: () => void): Promise<void> {
    const interval = this.options.lockIntervalMs ?? 2_000
    try {
      while (!this.stopped) {
        await this.acquire(session)
        ready()
        await this.processRebuilds()
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, interval)
          this.wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }
    } finally {
      await Promise.all([...this.workers.values()].map((w) => w.stop()))
      await sql`select pg_advisory_unlock_all()`.execute(session).catch(() => undefined)
      this.workers.clear()
    }
  }

  private async acquire(session: AnyDb): Promise<void> {
    for (const projection of this.options.projections) {
      if (this.workers.has(projection.name) || this.stopped) continue
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(${`emporium.projection.${projection.name}`})) as locked`.execute(session)
      if (!rows[0]?.locked) continue
      const worker = new ProjectionWorker({
        database: this.options.database,
        eventStore: this.options.eventStore,
        projection,
        logger: this.options.logger,
        onAdvance: this.options.onAdvance ?? (() => undefined),
        batchSize: this.options.batchSize ?? 200,
      })
      const checkpoint = await worker.prepare()
      this.workers.set(projection.name, worker)
      await worker.start()
      if (checkpoint.version !== projection.version) {
        this.options.logger.info({ projection: projection.name, from: checkpoint.version, to: projection.version }, 'projection version changed; rebuilding beside the live tables')
        await requestRebuild(this.options.database, { projection: projection.name, storeId: null, requestedBy: { type: 'system', id: 'version-change' } })
      }
      this.options.logger.info({ projection: projection.name }, 'projection owned by this process')
    }
  }

  private async processRebuilds(): Promise<void> {
    const { db } = this.options.database
    for (;;) {
      const owned = this.owned()
      if (owned.length === 0 || this.stopped) return
      const pending = (await db
        .selectFrom('projection_rebuilds')
        .selectAll()
        .where('status', '=', 'pending')
        .where('projection', 'in', owned)
        .orderBy('requested_at')
        .limit(1)
        .executeTakeFirst()) as RebuildRow | undefined
      if (!pending) return
      const claimed = await db.updateTable('projection_rebuilds').set({ status: 'running', started_at: sql`now()` }).where('id', '=', pending.id).where('status', '=', 'pending').executeTakeFirst()
      if (Number(claimed.numUpdatedRows) !== 1) continue
      await this.carryOut(pending)
    }
  }

  private async carryOut(request: RebuildRow): Promise<void> {
    const { db } = this.options.database
    const projection = this.options.projections.find((p) => p.name === request.projection)!
    const worker = this.workers.get(projection.name)!
    let latest = { processed: 0, total: 0 }
    const progress = (processed: number, total: number): void => {
      latest = { processed, total }
      // Progress goes through the pool; on PGlite a rebuild holds the only connection, so it is
      // written once the rebuild transaction has ended.
      if (this.options.database.kind === 'pg') {
        void db.updateTable('projection_rebuilds').set({ processed, total }).where('id', '=', request.id).execute().catch(() => undefined)
      }
    }
    const deps = { database: this.options.database, eventStore: this.options.eventStore, projection, worker, batchSize: this.options.batchSize ?? 500, progress }
    try {
      if (request.store_id) await rebuildStore({ ...deps, storeId: request.store_id })
      else await rebuildBeside(deps)
      await db.updateTable('projection_rebuilds').set({ status: 'done', processed: latest.processed, total: latest.total, finished_at: sql`now()` }).where('id', '=', request.id).execute()
      this.options.logger.info({ projection: projection.name, storeId: request.store_id, events: latest.processed }, 'projection rebuilt')
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      await db.updateTable('projection_rebuilds').set({ status: 'failed', error: message, finished_at: sql`now()` }).where('id', '=', request.id).execute()
      this.options.logger.error({ projection: projection.name, err: error }, 'projection rebuild failed')
    }
  }
}

/** Queues a rebuild of one projection (whole, or one store's rows); its owner carries it out. */
export async function requestRebuild(
  database: Database,
  request: { projection: string; storeId: string | null; requestedBy: Record<string, unknown> },
): Promise<string> {
  const id = crypto.randomUUID()
  await database.db
    .insertInto('projection_rebuilds')
    .values({ id, projection: request.projection, store_id: request.storeId, status: 'pending', requested_by: JSON.stringify(request.requestedBy) })
    .execute()
  await sql`select pg_notify(${REBUILD_CHANNEL}, ${id})`.execute(database.db)
  return id
}
