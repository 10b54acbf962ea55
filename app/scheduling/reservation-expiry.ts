import { orderStream } from '../../domain/orders/order/streams.js'
import type { Actor } from '../../domain/shared/context.js'
import type { Scope } from '../../domain/shared/scopes.js'
import { dueReservations, type DueReservation } from '../../projections/catalog/inventory/queries.js'
import { systemContext, type CommandContext } from '../commands/context.js'
import type { CommandResult } from '../commands/execute.js'
import type { AnyDb } from '../../infra/database/database.js'
import type { Logger } from '../../infra/logging/logger.js'
import { PollingScheduler } from './poller.js'

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
export class ReservationExpiry extends PollingScheduler {
  constructor(private readonly options: ReservationExpiryOptions) {
    super(options, { changed: 'ended expired inventory reservations', failed: 'reservation expiry poll failed' })
  }

  /** One poll: ends the holds due at `now` and answers how many it changed. */
  async tick(now = new Date()): Promise<number> {
    return this.poller.each(
      await dueReservations(this.options.db, now, BATCH),
      (due) => this.end(due),
      'ending an expired reservation failed',
      (due) => ({ orderId: due.orderId, productId: due.productId, storeId: due.storeId }),
    )
  }

  private async end(due: DueReservation): Promise<boolean> {
    const run = (command: string, input: unknown) =>
      this.options.execute(command, input, systemContext(due, EXPIRY_ACTOR, SCOPES))
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
}
