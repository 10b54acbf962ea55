import path from 'node:path'
import { mkdir } from 'node:fs/promises'
import type { AnyCommandDefinition } from '../domain/shared/command.js'
import { DomainError } from '../domain/shared/errors.js'
import type { Reaction } from '../domain/shared/reaction.js'
import { CredentialResolver } from './auth/credentials.js'
import { CommandRegistry } from './commands/registry.js'
import type { CommandContext } from './commands/context.js'
import { catalogUsageFrom } from './commands/catalog-usage.js'
import { executeCommand, type CommandResult } from './commands/execute.js'
import type { Config } from '../infra/config.js'
import { openDatabase, type AnyDb, type Database } from '../infra/database/database.js'
import { migrateToLatest } from '../infra/database/migrate.js'
import { platformMigrations } from './migrations.js'
import { openEventStore } from '../infra/eventstore/open.js'
import { comparePositions, type EventStore } from '../infra/eventstore/port.js'
import type { Logger } from '../infra/logging/logger.js'
import { ParkedStores } from '../infra/projections/parked-set.js'
import type { Projection } from '../infra/projections/projection.js'
import { ProjectionRunner } from '../infra/projections/runner.js'
import { projectionFilter } from '../infra/projections/worker.js'
import { ReadModelWaiter } from '../infra/projections/waiter.js'
import { createPlatformMetrics, type PlatformMetrics } from '../infra/metrics/platform-metrics.js'
import { PublishScheduler } from './scheduling/publish-scheduler.js'
import { ReservationExpiry } from './scheduling/reservation-expiry.js'
import { Reactor } from './reactions/reactor.js'
import { CatalogIndexes } from './storefront/catalog-index.js'
import { KeptProducts } from './storefront/kept-products.js'
import { RenderContexts } from './storefront/render-context.js'
import { KeptHosts } from './tenancy/kept-hosts.js'
import { resolveHost } from '../projections/tenancy/host.js'
import { mediaServices } from '../infra/media/services.js'
import { themeAssetWriter } from '../infra/webstore/theme-assets.js'
import { stagedUploadReader } from '../infra/media/staged-uploads.js'
import { paymentSecretStash } from './payments/provider/stash.js'

/** The read model that keys and stores are authenticated from; its checkpoint dates every cached answer. */
const TENANCY_PROJECTION = 'tenancy'

/** Something that acts on the log after the read models and that a write waits for. */
export interface WriteFollower {
  /** True once it has acted on the result's events, false after `timeoutMs`. */
  waitFor(result: CommandResult, timeoutMs: number): Promise<boolean>
}

/** What the platform hands the reactions it runs: the read models, a wait for their freshness, the log, itself. */
export interface ReactionEnvironment {
  db: AnyDb
  /** Resolves when every read model has reached `position`; throws when they are late (the event is retried). */
  freshAt(position: string): Promise<void>
  readStream: EventStore['readStream']
  platform: Platform
}

export interface PlatformParts {
  commands: readonly AnyCommandDefinition[]
  projections: readonly Projection[]
  /**
   * The reactions to run where the projections run (`platformReactions` of app/reactions/all.ts).
   * Handed in like the commands and projections: the reactions use the platform, so the platform
   * importing them would make one import circle of them all.
   */
  reactions: (environment: ReactionEnvironment) => readonly Reaction[]
}

export interface MutationResult extends CommandResult {
  /** False when the read models did not reach the write within the bound. */
  visible: boolean
}

/**
 * The composition root shared by every process (API, projector, MCP stdio, CLI): one database,
 * one event store, the command registry and the projections, with or without running them.
 */
export class Platform {
  readonly registry: CommandRegistry
  /** Who a bearer key is and which store a request is for, as every transport asks it. */
  readonly credentials: CredentialResolver
  /** Storefront facet counts in memory, used while the storefront purger keeps them current. */
  readonly catalogIndexes: CatalogIndexes
  /** What every storefront page reads of its store, in memory while the storefront purger keeps it current. */
  readonly renderContexts: RenderContexts
  /** The product rows and details storefront pages show, kept like the render contexts. */
  readonly keptProducts: KeptProducts
  /** The stores host names serve, in memory while the storefront purger keeps them current. */
  readonly hosts: KeptHosts
  /** Runs where the projections run (`serve`, `project`): publishes scheduled products on time. */
  private publishScheduler: PublishScheduler | null = null
  /** Runs where the projections run: ends inventory holds whose checkout time ran out. */
  private reservationExpiry: ReservationExpiry | null = null
  /** Runs where the projections run: reactions to events, such as installing a new store's default theme. */
  private reactor: Reactor | null = null
  private readonly writeFollowers = new Set<WriteFollower>()

  private constructor(
    readonly config: Config,
    readonly logger: Logger,
    readonly database: Database,
    readonly eventStore: EventStore,
    readonly projections: readonly Projection[],
    commands: readonly AnyCommandDefinition[],
    readonly waiter: ReadModelWaiter,
    readonly runner: ProjectionRunner | null,
    /** Stores parked by a failing event in some projection: their writes are refused at once. */
    readonly parked: ParkedStores,
    /** This platform's Prometheus registry: command and projection timings, the process's health. */
    readonly metrics: PlatformMetrics,
  ) {
    this.registry = new CommandRegistry(commands)
    this.catalogIndexes = new CatalogIndexes(database.db, logger)
    this.renderContexts = new RenderContexts(database.db)
    this.keptProducts = new KeptProducts(database.db)
    this.hosts = new KeptHosts((hostname) => resolveHost(database.db, hostname, config.platformHost))
    const tenancy = projections.find((p) => p.name === TENANCY_PROJECTION)
    this.credentials = new CredentialResolver(database.db, () => (tenancy ? waiter.checkpoint(tenancy.name) : null))
  }

  /** Opens everything; `database` lets tests hand in the per-file database they made. */
  static async open(
    config: Config,
    logger: Logger,
    parts: PlatformParts,
    options: { runProjections: boolean; database?: Database },
  ): Promise<Platform> {
    const database =
      options.database ??
      (await openDatabase({
        url: config.databaseUrl,
        dataDir: config.databaseUrl ? undefined : await ensureDir(path.join(config.dataDir, 'pglite')),
        poolSize: config.databasePoolSize,
      }))
    await migrateToLatest(database.db, platformMigrations)
    const eventStore = await openEventStore({ database, eventStoreUrl: config.eventStoreUrl })
    const waiter = new ReadModelWaiter(database, parts.projections)
    await waiter.start()
    const parked = new ParkedStores(database)
    await parked.start()
    const metrics = createPlatformMetrics()
    const runner = options.runProjections
      ? new ProjectionRunner({
          database,
          eventStore,
          projections: parts.projections,
          logger,
          onAdvance: (name, position) => waiter.observe(name, position),
          onBatch: (name, seconds) => metrics.projectionBatchDuration.observe({ projection: name }, seconds),
          parked,
        })
      : null
    await runner?.start()
    const platform = new Platform(
      config,
      logger,
      database,
      eventStore,
      parts.projections,
      parts.commands,
      waiter,
      runner,
      parked,
      metrics,
    )
    if (runner) {
      platform.publishScheduler = new PublishScheduler({
        db: database.db,
        intervalMs: config.publishSchedulerIntervalMs,
        logger,
        execute: (name, input, ctx) => platform.append(platform.registry.get(name), input, ctx),
      })
      platform.publishScheduler.start()
      platform.reservationExpiry = new ReservationExpiry({
        db: database.db,
        intervalMs: config.publishSchedulerIntervalMs,
        logger,
        execute: (name, input, ctx) => platform.append(platform.registry.get(name), input, ctx),
        streamEventTypes: async (stream) => (await eventStore.readStream(stream)).map((event) => event.type),
      })
      platform.reservationExpiry.start()
      platform.reactor = new Reactor({
        db: database.db,
        eventStore,
        reactions: parts.reactions({
          db: database.db,
          freshAt: (position) => platform.readModelsAt(position),
          readStream: (stream) => eventStore.readStream(stream),
          platform,
        }),
        logger,
        execute: (name, input, ctx) => platform.append(platform.registry.get(name), input, ctx),
        // Not the reactor's own wait: a reaction's command would wait for the reactor running it.
        settle: (result) => platform.shown(result, config.readWaitMs, platform.reactor ?? undefined),
      })
      await platform.reactor.start()
      platform.followWrites(platform.reactor)
    }
    return platform
  }

  /**
   * Runs a command through the registry: the one write path of every transport. A store command
   * on a store parked by a failing event answers SERVICE_UNAVAILABLE at once: its read models would
   * not show the write. Organization-level commands go on (their read models have no store rows to park).
   */
  async execute(definition: AnyCommandDefinition, input: unknown, ctx: CommandContext): Promise<CommandResult> {
    if (ctx.storeId && definition.storeScoped) this.parked.refuseWrites(ctx.storeId)
    return this.append(definition, input, ctx)
  }

  /**
   * The write path without the parked-store check, for the platform's own writers (scheduler,
   * reactions): they wait for no read model, and a parked store's events are replayed when it is retried.
   */
  private append(definition: AnyCommandDefinition, input: unknown, ctx: CommandContext): Promise<CommandResult> {
    return this.metrics.timeCommand(definition.name, () =>
      executeCommand(
        this.eventStore,
        definition,
        input,
        ctx,
        catalogUsageFrom(this.database.db),
        themeAssetWriter(mediaServices(this).blobs),
        stagedUploadReader(mediaServices(this).blobs),
        paymentSecretStash(this),
      ),
    )
  }

  /**
   * Adds a follower of the log that read-your-writes waits for besides the read models (a node's
   * storefront cache purger: a storefront request after a write's answer must not get the old
   * page); returns its removal.
   */
  followWrites(follower: WriteFollower): () => void {
    this.writeFollowers.add(follower)
    return () => this.writeFollowers.delete(follower)
  }

  /**
   * Runs a command and waits (bounded, `READ_WAIT_MS` unless the caller names its own bound) until
   * the read models show it: read-your-writes.
   */
  async executeAndWait(
    definition: AnyCommandDefinition,
    input: unknown,
    ctx: CommandContext,
    waitMs = this.config.readWaitMs,
  ): Promise<MutationResult> {
    const result = await this.execute(definition, input, ctx)
    const visible = await this.shown(result, waitMs)
    if (!visible)
      this.logger.warn(
        { command: definition.name, position: result.position },
        'read models did not reach the write in time',
      )
    return { ...result, visible }
  }

  /**
   * Whether the read models and the write's followers (but `except`) have acted on a command's
   * result within `waitMs`.
   */
  async shown(result: CommandResult, waitMs: number, except?: WriteFollower): Promise<boolean> {
    if (result.position === null) return true
    const followers = [...this.writeFollowers].filter((follower) => follower !== except)
    const shown = await Promise.all([
      this.waiter.waitFor(result.events, waitMs),
      ...followers.map((follower) => follower.waitFor(result, waitMs)),
    ])
    return shown.every(Boolean)
  }

  /**
   * Waits until every read model is at least as fresh as `position` (the `X-Consistency-Position`
   * header): each projection is there when its checkpoint is, or when none of the events it
   * consumes lies between its checkpoint and `position`.
   */
  async waitForPosition(position: string): Promise<void> {
    const deadline = Date.now() + this.config.readWaitMs
    let pending = [...this.projections]
    for (;;) {
      const still = []
      for (const projection of pending) {
        const checkpoint = this.waiter.checkpoint(projection.name)
        if (comparePositions(checkpoint, position) >= 0) continue
        const behind = await this.eventStore.countAll({
          filter: projectionFilter(projection),
          from: checkpoint,
          to: position,
        })
        if (behind > 0) still.push(projection)
      }
      pending = still
      if (pending.length === 0) return
      if (Date.now() > deadline) {
        throw new DomainError(
          'CONFLICT',
          `the read models have not reached position ${position} yet (${pending.map((p) => p.name).join(', ')}); retry shortly`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 25))
      await this.waiter.refresh()
    }
  }

  /**
   * `waitForPosition` for the platform's own readers (reactions): running late is not the
   * client's CONFLICT but a plain failure, so the reaction retries the event from its checkpoint.
   */
  async readModelsAt(position: string): Promise<void> {
    try {
      await this.waitForPosition(position)
    } catch (error) {
      throw new Error(`read models did not reach ${position} in time`, { cause: error })
    }
  }

  async close(): Promise<void> {
    await this.publishScheduler?.stop()
    await this.reservationExpiry?.stop()
    await this.reactor?.stop()
    await this.runner?.stop()
    await this.parked.stop()
    await this.waiter.stop()
    await this.eventStore.close()
    await this.database.close()
  }
}

async function ensureDir(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true })
  return dir
}
