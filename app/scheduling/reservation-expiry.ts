import { v7 as uuidv7 } from 'uuid'
import { orderStream } from '../../domain/orders/order/streams.js'
import type { Actor } from '../../domain/shared/context.js'
import type { Scope } from '../../domain/shared/scopes.js'
import { dueReservations, type DueReservation } from '../../projections/catalog/inventory/queries.js'
import type { CommandContext } from '../commands/context.js'
import type { CommandResult } from '../commands/execute.js'
import type { AnyDb } from '../../infra/database/database.js'
import type { Logger } from '../../infra/logging/logger.js'

/** Who ends expired holds, as the audit log shows it. */
export const EXPIRY_ACTOR: Actor = { type: 'system', id: 'reservation-expiry', name: 'reservation expiry' }

/** Holds handled per poll at most; the next poll takes the rest at once. */
const BATCH = 100
const SCOPES: readonly Scope[] = ['products:write', 'orders:write']

export interface ReservationExpiryOptions {
  db: AnyDb
  intervalMs: number
  logger: Logger
  /** The platform's command path: the scheduler writes through the registry like any client. */
  execute(name: string, input: unknown, ctx: CommandContext): Promise<CommandResult>
  /** The event types of a stream, oldest first: what the scheduler reads an order's state from. */
  streamEventTypes(stream: string): Promise<string[]>
}

/**
 * Ends inventory holds whose `expiresAt` has passed, with nobody calling: every `intervalMs` it
 * reads the due ones from the `inventory_reservations` read model and, per order and product,
 *
 * - no order (checkout never placed it): releases the hold itself, reason EXPIRED;
 * - an order still waiting for its money: runs `orderExpire`, then releases (the reaction to
 *   `OrderExpired` would as well; the second release changes nothing); when the order turns out
 *   paid meanwhile, `orderExpire` changes nothing and the hold is left for the sale;
 * - a paid order: commits the hold (the reaction to `OrderPaid` does that too; a repeat is a no-op);
 * - an expired, cancelled or mismatched order: releases the hold.
 *
 * Every command is idempotent per order, so several nodes polling at once do each thing once.
 */
export class ReservationExpiry {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private stopped = false

  constructor(private readonly options: ReservationExpiryOptions) {}

  start(): void {
    this.stopped = false
    this.schedule()
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
  }

  /** One poll: ends the holds due at `now` and answers how many it changed. */
  async tick(now = new Date()): Promise<number> {
    let changed = 0
    for (const due of await dueReservations(this.options.db, now, BATCH)) {
      if (this.stopped) return changed
      try {
        if (await this.end(due)) changed++
      } catch (error) {
        // One hold that cannot be ended must not hold up the others; the next poll retries it.
        this.options.logger.warn(
          { err: error, orderId: due.orderId, productId: due.productId, storeId: due.storeId },
          'ending an expired reservation failed',
        )
      }
    }
    return changed
  }

  private async end(due: DueReservation): Promise<boolean> {
    const run = (command: string, input: unknown) =>
      this.options.execute(command, input, {
        organizationId: due.organizationId,
        storeId: due.storeId,
        actor: EXPIRY_ACTOR,
        scopes: SCOPES,
        correlationId: uuidv7(),
        causationId: null,
        now: new Date(),
      })
    const release = async () =>
      (await run('productInventoryRelease', { productId: due.productId, orderId: due.orderId, reason: 'EXPIRED' }))
        .position !== null
    const history = await this.options.streamEventTypes(orderStream(due.storeId, due.orderId))
    if (history.length === 0) return release()
    if (history.includes('OrderPaid'))
      return (await run('productInventoryCommit', { productId: due.productId, orderId: due.orderId })).position !== null
    const ended = ['OrderExpired', 'OrderCancelled', 'OrderPaymentMismatched'].some((type) => history.includes(type))
    if (!ended && (await run('orderExpire', { orderId: due.orderId })).position === null) return false
    return release()
  }

  private schedule(): void {
    if (this.stopped) return
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .then((changed) => {
          if (changed) this.options.logger.info({ changed }, 'ended expired inventory reservations')
        })
        .catch((error: unknown) => this.options.logger.error({ err: error }, 'reservation expiry poll failed'))
        .finally(() => {
          this.running = null
          this.schedule()
        })
    }, this.options.intervalMs)
    // A pending poll must not keep a CLI process alive on its own.
    this.timer.unref()
  }
}
