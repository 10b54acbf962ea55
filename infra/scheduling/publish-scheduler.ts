import { v7 as uuidv7 } from 'uuid'
import type { Actor } from '../../domain/shared/context.js'
import { dueForPublishing } from '../../projections/catalog/product/schedule.js'
import type { CommandContext } from '../commands/context.js'
import type { CommandResult } from '../commands/execute.js'
import type { AnyDb } from '../database/database.js'
import type { Logger } from '../logging/logger.js'

/** Who publishes a scheduled product, as the audit log shows it. */
export const SCHEDULER_ACTOR: Actor = { type: 'system', id: 'scheduler', name: 'publish scheduler' }

/** Products published per poll at most; the next poll takes the rest at once. */
const BATCH = 100

export interface PublishSchedulerOptions {
  db: AnyDb
  intervalMs: number
  logger: Logger
  /** The platform's command path: the scheduler writes through the registry like any client. */
  execute(name: string, input: unknown, ctx: CommandContext): Promise<CommandResult>
}

/**
 * Turns scheduled products ACTIVE when their publishAt has come, with nobody calling: every
 * `intervalMs` it reads the due products from the read model and runs `productPublishDue` for
 * each. It runs wherever projections run; several nodes may poll at once, because the command
 * decides on the product's stream and changes a product that is no longer due into nothing.
 */
export class PublishScheduler {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private stopped = false

  constructor(private readonly options: PublishSchedulerOptions) {}

  start(): void {
    this.stopped = false
    this.schedule()
  }

  /** Stops polling and waits for a poll in progress, so the platform can close under it. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
  }

  /** One poll: publishes what is due at `now` and answers how many products it changed. */
  async tick(now = new Date()): Promise<number> {
    const due = await dueForPublishing(this.options.db, now, BATCH)
    let published = 0
    for (const product of due) {
      if (this.stopped) break
      const ctx: CommandContext = {
        organizationId: product.organizationId,
        storeId: product.storeId,
        actor: SCHEDULER_ACTOR,
        scopes: ['products:write'],
        correlationId: uuidv7(),
        causationId: null,
        now: new Date(),
      }
      try {
        const result = await this.options.execute('productPublishDue', { id: product.productId }, ctx)
        if (result.position !== null) published++
      } catch (error) {
        // One product that cannot be published must not hold up the others; the next poll retries it.
        this.options.logger.warn({ err: error, productId: product.productId, storeId: product.storeId }, 'scheduled publish failed')
      }
    }
    return published
  }

  private schedule(): void {
    if (this.stopped) return
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .then((published) => {
          if (published) this.options.logger.info({ published }, 'published scheduled products')
        })
        .catch((error: unknown) => this.options.logger.error({ err: error }, 'publish scheduler poll failed'))
        .finally(() => {
          this.running = null
          this.schedule()
        })
    }, this.options.intervalMs)
    // A pending poll must not keep a CLI process alive on its own.
    this.timer.unref()
  }
}
