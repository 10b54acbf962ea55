import { DomainError, badInput } from '../../../domain/shared/errors.js'
import type { ReservationReleaseReason } from '../../../domain/catalog/product/reservation-events.js'
import type { Scope } from '../../../domain/shared/scopes.js'
import type { CommandContext } from '../../commands/context.js'
import type { CommandResult } from '../../commands/execute.js'
import type { Platform } from '../../platform.js'

/** A line of an order as checkout sees it; several lines may name the same product. */
export interface OrderInventoryLine {
  productId: string
  variantId: string
  quantity: number
}

export interface ReserveOrderInventory {
  orderId: string
  lines: readonly OrderInventoryLine[]
  /** ISO-8601: when the scheduler gives the units back unless the order was paid. */
  expiresAt: string
}

export interface ReleaseOrderInventory {
  orderId: string
  /** The order's lines (only `productId` is read): each of their products gives back what the order holds. */
  lines: readonly Pick<OrderInventoryLine, 'productId'>[]
  reason: ReservationReleaseReason
}

/**
 * Tries of one product command before giving up. The command path decides twice on a clash;
 * 20 shoppers racing for one product need more, each with a real answer: a hold or SOLD_OUT.
 */
export const RESERVATION_TRIES = 20
/** The most a retry waits, in ms; the wait is random below a bound that doubles per try. */
const BACKOFF_MAX_MS = 100

/**
 * Holds an order's units, product by product (each product's lines all or none). When one
 * product cannot give what is asked, the products held so far are released and the error is
 * thrown with its field pointing at the order's line: `BAD_USER_INPUT` at
 * `input.lines.<i>.quantity` with `details.reason = 'SOLD_OUT'` and `details.available`.
 * Idempotent per order: a retried checkout holds nothing twice.
 *
 * @example await reserveOrderInventory(platform, ctx, { orderId, lines: cart.lines, expiresAt })
 */
export async function reserveOrderInventory(
  platform: Platform,
  ctx: CommandContext,
  { orderId, lines, expiresAt }: ReserveOrderInventory,
): Promise<{ position: string | null }> {
  if (lines.length === 0) throw badInput(['input', 'lines'], 'an order needs at least one line to reserve stock for')
  const products = groupByProduct(lines)
  const held: string[] = []
  let position: string | null = null
  for (const [productId, product] of products) {
    try {
      const result = await runWithRetries(platform, ctx, 'productInventoryReserve', {
        productId,
        orderId,
        lines: product.lines,
        expiresAt,
      })
      position = result.position ?? position
      held.push(productId)
    } catch (error) {
      await releaseProducts(platform, ctx, orderId, held, 'CHECKOUT_FAILED')
      throw toOrderError(error, product.indexes)
    }
  }
  return { position }
}

/**
 * Gives back what an order holds of each product of its lines; a product holding nothing for
 * the order (never reserved, released or sold already) changes nothing.
 */
export async function releaseOrderInventory(
  platform: Platform,
  ctx: CommandContext,
  { orderId, lines, reason }: ReleaseOrderInventory,
): Promise<void> {
  const productIds = [...new Set(lines.map((line) => line.productId))]
  for (const productId of productIds)
    await runWithRetries(platform, ctx, 'productInventoryRelease', { productId, orderId, reason })
}

/** The order's lines per product, one line per variant (quantities summed), and where each came from. */
function groupByProduct(lines: readonly OrderInventoryLine[]) {
  const products = new Map<string, { lines: { variantId: string; quantity: number }[]; indexes: number[] }>()
  lines.forEach((line, index) => {
    const product = products.get(line.productId) ?? { lines: [], indexes: [] }
    products.set(line.productId, product)
    const same = product.lines.findIndex((l) => l.variantId === line.variantId)
    if (same >= 0) product.lines[same]!.quantity += line.quantity
    else {
      product.lines.push({ variantId: line.variantId, quantity: line.quantity })
      product.indexes.push(index)
    }
  })
  return products
}

/** The product command's field (`input.lines.<j>…`, `input.productId`) as a field of the order's lines. */
function toOrderError(error: unknown, indexes: readonly number[]): unknown {
  if (!(error instanceof DomainError) || !error.field) return error
  const [root, key, j, ...rest] = error.field
  let field: (string | number)[] | null = null
  if (root === 'input' && key === 'lines' && typeof j === 'number' && indexes[j] !== undefined)
    field = ['input', 'lines', indexes[j], ...rest]
  if (root === 'input' && key === 'productId') field = ['input', 'lines', indexes[0]!, 'productId']
  if (!field) return error
  return new DomainError(error.code, error.message.replace(`input.lines.${j}`, `input.lines.${field[2]}`), {
    field,
    details: error.details,
  })
}

async function releaseProducts(
  platform: Platform,
  ctx: CommandContext,
  orderId: string,
  productIds: readonly string[],
  reason: ReservationReleaseReason,
): Promise<void> {
  for (const productId of productIds) {
    try {
      await runWithRetries(platform, ctx, 'productInventoryRelease', { productId, orderId, reason })
    } catch (error) {
      // The hold still ends when it expires: the scheduler releases it then.
      platform.logger.warn({ err: error, productId, orderId }, 'could not release a reservation; it will expire')
    }
  }
}

/**
 * Runs a reservation command, retrying a CONFLICT (a concurrent write to the product's stream)
 * with a short random wait. The service is the platform's own code acting for the order, so it
 * holds `products:write` whatever the shopper's context carries.
 */
async function runWithRetries(
  platform: Platform,
  ctx: CommandContext,
  command: string,
  input: unknown,
): Promise<CommandResult> {
  const definition = platform.registry.get(command)
  const scopes: Scope[] = ctx.scopes.includes('products:write') ? [...ctx.scopes] : [...ctx.scopes, 'products:write']
  for (let attempt = 1; ; attempt++) {
    try {
      return await platform.execute(definition, input, { ...ctx, scopes })
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'CONFLICT' || attempt >= RESERVATION_TRIES) throw error
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(BACKOFF_MAX_MS, 5 * 2 ** attempt)))
    }
  }
}
