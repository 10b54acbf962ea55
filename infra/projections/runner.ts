import { sql } from 'kysely'
import type { Logger } from 'pino'
import type { AnyDb, Database } from '../database/database.js'
import type { EventStore } from '../eventstore/port.js'
import type { ParkedListener } from './parked.js'
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
  /** Told how long each committed batch took to apply, in seconds (the batch duration histogram). */
  onBatch?: (name: string, seconds: number) => void
  batchSize?: number
  /** How often to try for projections another process owns, and to look for rebuild requests. */
  lockIntervalMs?: number
  /** Told at once when a store is parked or unparked here (the write path's parked set). */
  parked?: ParkedListener
}

/**
 * Runs the projections this process can own. Ownership is a session-level advisory lock per
 * projection, held on one dedicated connection: exactly one process feeds each projection, and
 * when that process dies its locks go with its connection and another one takes over.
 * The owner also carries out rebuild requests for its projections, whoever asked for them, in
 * the background: a long rebuild holds up neither takeovers nor shutdown.
 */
export class ProjectionRunner {
  private readonly workers = new Map<string, ProjectionWorker>()
  /** Projection name → its rebuild in progress (one at a time per projection). */
  private readonly rebuilds = new Map<string, Promise<void>>()
  /** Projections whose checkpoint moved under their worker: released at the next round. */
  private readonly lost = new Set<string>()
  /** Aborted when this process gives up ownership (shutdown, lost session): rebuilds stop between batches. */
  private ownership = new AbortController()
  private stopped = false
  /** A wake-up that arrived while the loop was busy: the next sleep returns at once. */
  private nudged = false
  private wake: (() => void) | null = null
  private loop: Promise<void> | null = null
  private unlisten: (() => Promise<void>) | null = null

  constructor(private readonly options: RunnerOptions) {}

  /** Starts owning what it can; resolves once the first round of locks has been tried. */
  async start(): Promise<void> {
    const ready = new Promise<void>((resolve) => {
      this.loop = this.supervise(resolve)
    })
    this.unlisten = await this.options.database.listen(REBUILD_CHANNEL, () => this.nudge())
    await ready
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.nudge()
    const unlisten = this.unlisten
    this.unlisten = null
    await unlisten?.()
    await this.loop
  }

  /** Names of the projections this process owns. */
  owned(): string[] {
    return [...this.workers.keys()]
  }

  private get interval(): number {
    return this.options.lockIntervalMs ?? 2_000
  }

  /** Holds a session as long as it lasts; when it is lost (its locks with it), starts over on a new one. */
  private async supervise(ready: () => void): Promise<void> {
    while (!this.stopped) {
      try {
        await this.options.database.withSession((session) => this.run(session, ready))
      } catch (error) {
        ready()
        if (this.stopped) return
        this.options.logger.error(
          { err: error },
          'projection runner lost its database session; its projections stopped, trying again',
        )
        await this.sleep(this.interval)
      }
    }
  }

  private async run(session: AnyDb, ready: () => void): Promise<void> {
    this.ownership = new AbortController()
    try {
      while (!this.stopped) {
        // A session that died took its locks with it: find out now, not when another owner's
        // checkpoint clashes with ours.
        await sql`select 1`.execute(session)
        await this.releaseLost(session)
        await this.acquire(session)
        ready()
        await this.processRebuilds()
        await this.sleep(this.interval)
      }
    } finally {
      this.ownership.abort()
      await Promise.all(this.rebuilds.values())
      // Settled, not all: one worker that fails to stop must not leave the others registered, or the next session would never start them again.
      await Promise.allSettled([...this.workers.values()].map((w) => w.stop()))
      this.workers.clear()
      this.lost.clear()
      await sql`select pg_advisory_unlock_all()`.execute(session).catch(() => undefined)
    }
  }

  private nudge(): void {
    this.nudged = true
    this.wake?.()
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer)
        this.wake = null
        this.nudged = false
        resolve()
      }
      const timer = setTimeout(done, this.stopped || this.nudged ? 0 : ms)
      this.wake = done
    })
  }

  /** Gives up the projections whose checkpoint another process moved; the next round may take them again. */
  private async releaseLost(session: AnyDb): Promise<void> {
    for (const name of [...this.lost]) {
      this.lost.delete(name)
      await this.workers.get(name)?.stop()
      this.workers.delete(name)
      await sql`select pg_advisory_unlock(${lockKey(name)})`.execute(session)
    }
  }

  private async acquire(session: AnyDb): Promise<void> {
    for (const projection of this.options.projections) {
      if (this.workers.has(projection.name) || this.stopped) continue
      const { rows } = await sql<{
        locked: boolean
      }>`select pg_try_advisory_lock(${lockKey(projection.name)}) as locked`.execute(session)
      if (!rows[0]?.locked) continue
      const worker = new ProjectionWorker({
        database: this.options.database,
        eventStore: this.options.eventStore,
        projection,
        logger: this.options.logger,
        onAdvance: this.options.onAdvance ?? (() => undefined),
        onBatch: this.options.onBatch,
        onLostOwnership: (name) => {
          this.lost.add(name)
          this.nudge()
        },
        parked: this.options.parked,
        batchSize: this.options.batchSize ?? 200,
      })
      try {
        const checkpoint = await worker.prepare()
        await this.requeueAbandonedRebuilds(projection.name)
        this.workers.set(projection.name, worker)
        await worker.start()
        if (checkpoint.version !== projection.version) await this.requestVersionRebuild(projection, checkpoint.version)
      } catch (error) {
        // One projection that cannot start (its tables, say) must not keep the others from running.
        await worker.stop()
        this.workers.delete(projection.name)
        await sql`select pg_advisory_unlock(${lockKey(projection.name)})`.execute(session)
        this.options.logger.error(
          { projection: projection.name, err: error },
          'projection could not start; trying again later',
        )
        continue
      }
      this.options.logger.info({ projection: projection.name }, 'projection owned by this process')
    }
  }

  /** A rebuild still marked running was being carried out by an owner that is gone: it starts over here. */
  private async requeueAbandonedRebuilds(name: string): Promise<void> {
    await this.options.database.db
      .updateTable('projection_rebuilds')
      .set({ status: 'pending', started_at: null, processed: 0 })
      .where('projection', '=', name)
      .where('status', '=', 'running')
      .execute()
  }

  private async requestVersionRebuild(projection: Projection, from: number): Promise<void> {
    const queued = await this.options.database.db
      .selectFrom('projection_rebuilds')
      .select('id')
      .where('projection', '=', projection.name)
      .where('store_id', 'is', null)
      .where('kind', '=', 'rebuild')
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (queued) return
    this.options.logger.info(
      { projection: projection.name, from, to: projection.version },
      'projection version changed; rebuilding beside the live tables',
    )
    await requestRebuild(this.options.database, {
      projection: projection.name,
      storeId: null,
      requestedBy: { type: 'system', id: 'version-change' },
    })
  }

  /** Starts the oldest pending request of each owned projection that is not rebuilding already. */
  private async processRebuilds(): Promise<void> {
    const { db } = this.options.database
    for (;;) {
      const idle = this.owned().filter((name) => !this.rebuilds.has(name))
      if (idle.length === 0 || this.stopped) return
      const pending = (await db
        .selectFrom('projection_rebuilds')
        .selectAll()
        .where('status', '=', 'pending')
        .where('projection', 'in', idle)
        .orderBy('requested_at')
        .limit(1)
        .executeTakeFirst()) as RebuildRow | undefined
      if (!pending) return
      const claimed = await db
        .updateTable('projection_rebuilds')
        .set({ status: 'running', started_at: sql`now()` })
        .where('id', '=', pending.id)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      if (Number(claimed.numUpdatedRows) !== 1) continue
      const name = pending.projection!
      const task = this.carryOut(pending, this.ownership.signal)
        .catch((error: unknown) =>
          this.options.logger.error({ projection: name, err: error }, 'projection rebuild could not be recorded'),
        )
        .finally(() => {
          this.rebuilds.delete(name)
          // The projection may have more requests queued.
          this.nudge()
        })
      this.rebuilds.set(name, task)
    }
  }

  private async carryOut(request: RebuildRow, signal: AbortSignal): Promise<void> {
    const { db } = this.options.database
    const projection = this.options.projections.find((p) => p.name === request.projection)!
    const worker = this.workers.get(projection.name)!
    let latest = { processed: 0, total: 0 }
    // Progress writes go one after another, and the final status waits for them: a late one must
    // not overwrite the final count.
    let written: Promise<unknown> = Promise.resolve()
    const progress = (processed: number, total: number): void => {
      latest = { processed, total }
      // Progress goes through the pool; on PGlite a rebuild holds the only connection, so it is
      // written once the rebuild transaction has ended.
      if (this.options.database.kind === 'pg') {
        written = written
          .then(() =>
            db.updateTable('projection_rebuilds').set({ processed, total }).where('id', '=', request.id).execute(),
          )
          .catch(() => undefined)
      }
    }
    const deps = {
      database: this.options.database,
      eventStore: this.options.eventStore,
      projection,
      worker,
      batchSize: this.options.batchSize ?? 500,
      progress,
      signal,
      parked: this.options.parked,
    }
    try {
      // A store's retry is its rebuild; a halted projection's retry restarts it from its checkpoint.
      if (request.store_id) await rebuildStore({ ...deps, storeId: request.store_id })
      else if (request.kind === 'retry') worker.resume()
      else await rebuildBeside(deps)
      await written
      await db
        .updateTable('projection_rebuilds')
        .set({ status: 'done', processed: latest.processed, total: latest.total, finished_at: sql`now()` })
        .where('id', '=', request.id)
        .execute()
      this.options.logger.info(
        { projection: projection.name, storeId: request.store_id, events: latest.processed },
        'projection rebuilt',
      )
    } catch (error) {
      await written
      if (signal.aborted) {
        // This process is giving the projection up: whoever owns it next carries the request out.
        await db
          .updateTable('projection_rebuilds')
          .set({ status: 'pending', started_at: null, processed: 0 })
          .where('id', '=', request.id)
          .execute()
        this.options.logger.info(
          { projection: projection.name, storeId: request.store_id },
          'projection rebuild interrupted; queued again for the next owner',
        )
        return
      }
      const message = error instanceof Error ? error.message : String(error)
      await db
        .updateTable('projection_rebuilds')
        .set({ status: 'failed', error: message, finished_at: sql`now()` })
        .where('id', '=', request.id)
        .execute()
      this.options.logger.error({ projection: projection.name, err: error }, 'projection rebuild failed')
    }
  }
}

function lockKey(name: string) {
  return sql<number>`hashtext(${`emporium.projection.${name}`})`
}

/**
 * Queues a rebuild of one projection (whole, or one store's rows) or a retry (of a parked store:
 * its rebuild; of a halted projection: a restart from its checkpoint); its owner carries it out.
 */
export async function requestRebuild(
  database: Database,
  request: {
    projection: string
    storeId: string | null
    requestedBy: Record<string, unknown>
    kind?: 'rebuild' | 'retry'
  },
): Promise<string> {
  const id = crypto.randomUUID()
  await database.db
    .insertInto('projection_rebuilds')
    .values({
      id,
      projection: request.projection,
      store_id: request.storeId,
      kind: request.kind ?? 'rebuild',
      status: 'pending',
      requested_by: JSON.stringify(request.requestedBy),
    })
    .execute()
  await sql`select pg_notify(${REBUILD_CHANNEL}, ${id})`.execute(database.db)
  return id
}
