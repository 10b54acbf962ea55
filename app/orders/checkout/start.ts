import type { Kysely } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { checkoutDetailsInput, type CheckoutDetails } from '../../../domain/orders/checkout/details.js'
import { priceCheckout, type CheckoutTotals } from '../../../domain/orders/checkout/pricing.js'
import { orderCancel, orderPaymentSessionRecord, orderPlace } from '../../../domain/orders/order/definitions.js'
import { orderStream } from '../../../domain/orders/order/streams.js'
import type { ShippingRate } from '../../../domain/settings/global-settings/groups.js'
import { DomainError } from '../../../domain/shared/errors.js'
import { readGlobalSettings } from '../../../projections/settings/global-settings/queries.js'
import type { TenancyTables } from '../../../projections/tenancy/tables.js'
import { toDetails, type StoreDetails } from '../../../projections/tenancy/store-queries.js'
import { releaseOrderInventory, reserveOrderInventory } from '../../catalog/inventory/reserve.js'
import { systemContext } from '../../commands/context.js'
import { openPaymentProvider } from '../../payments/provider/open.js'
import type { CheckoutSessionLine } from '../../payments/provider/port.js'
import type { Platform } from '../../platform.js'
import { readCart, type CartView } from '../cart/read.js'
import { STOREFRONT_SHOPPER, clearCart } from '../cart/shopper.js'
import { recordCustomer, recordOrderAddress } from '../customer/identities.js'
import { orderConfirmationPath } from './order-link.js'

/**
 * Why a checkout was refused as a whole (rather than for one field), in `details.reason`:
 * the store is not selling, cannot take payments yet, the cart is empty, or an item is gone.
 */
export type CheckoutRefusal = 'NOT_SELLING' | 'PAYMENTS_NOT_CONFIGURED' | 'EMPTY_CART' | 'NOT_AVAILABLE' | 'SOLD_OUT'

export function checkoutRefused(
  reason: CheckoutRefusal,
  message: string,
  field: readonly (string | number)[] = ['input'],
  extra: Record<string, unknown> = {},
): DomainError {
  return new DomainError('BAD_USER_INPUT', message, { field, details: { reason, ...extra } })
}

export interface CheckoutStarted {
  orderId: string
  orderNumber: number
  /** Where to send the shopper: the provider's page (TEST: `/checkout/test-pay/<sessionId>` on the store host). */
  redirectUrl: string
}

export interface StartCheckoutOptions {
  /** The store's origin the shopper uses (`https://shop.example.com`): where the provider sends them back. */
  origin?: string
  now?: Date
}

/** The store as checkout needs it, by id; null for an unknown store. */
export async function findCheckoutStore(platform: Platform, storeId: string): Promise<StoreDetails | null> {
  const row = await (platform.database.db as Kysely<TenancyTables>)
    .selectFrom('stores')
    .selectAll()
    .where('id', '=', storeId)
    .executeTakeFirst()
  return row ? toDetails(row) : null
}

/** The checkout settings of a store, typed. */
export async function readCheckoutSettings(platform: Platform, storeId: string) {
  const { checkout } = await readGlobalSettings(platform.database.db, storeId)
  const values = checkout.values
  return {
    termsText: String(values.termsText ?? ''),
    thankYouMessage: String(values.thankYouMessage ?? ''),
    orderNotesEnabled: values.orderNotesEnabled === true,
    requirePhone: values.requirePhone === true,
    shippingRates: values.shippingRates as ShippingRate[],
    taxRate: Number(values.taxRate ?? 0),
    taxInclusive: values.taxInclusive === true,
    reservationMinutes: Number(values.reservationMinutes ?? 15),
  }
}
export type CheckoutSettings = Awaited<ReturnType<typeof readCheckoutSettings>>

/** The totals of a cart at a rate, as checkout would charge them now (the order summary). */
export function cartTotals(cart: CartView, settings: CheckoutSettings, shippingRate: string): CheckoutTotals {
  return priceCheckout({
    lines: cart.lines.filter((line) => line.available),
    shippingRates: settings.shippingRates,
    shippingRate,
    taxRate: settings.taxRate,
    taxInclusive: settings.taxInclusive,
  })
}

function parseDetails(raw: unknown): CheckoutDetails {
  const parsed = checkoutDetailsInput.safeParse(raw)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const field = ['input', ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))]
  throw new DomainError('BAD_USER_INPUT', issue.message, {
    field,
    details: {
      issues: parsed.error.issues.map((i) => ({ field: ['input', ...i.path.map(String)], message: i.message })),
    },
  })
}

/**
 * Turns a shopper's cart into an order waiting for payment and opens the provider's session:
 * prices from the server's read model (never the client's), stock held for the store's
 * reservation time, personal data in the deletable customer tables (never in an event), then
 * `orderPlace`, the session, `orderPaymentSessionRecord`, and an emptied cart.
 *
 * Refusals write nothing: commerce off (FORBIDDEN, `NOT_SELLING`, as the cart answers), no payment provider
 * (`PAYMENTS_NOT_CONFIGURED`), an empty cart, an item no longer sold, and stock that ran out
 * (`SOLD_OUT` at `input.lines.<i>.quantity`, with `details.available` and the item's `title`).
 * A failure after the stock was held gives it back (and cancels the order if it was placed).
 *
 * @example const { redirectUrl } = await startCheckout(platform, storeId, cartId, { email, shippingAddress, shippingRate: 'Standard' })
 */
export async function startCheckout(
  platform: Platform,
  storeId: string,
  cartId: string | null,
  rawDetails: unknown,
  options: StartCheckoutOptions = {},
): Promise<CheckoutStarted> {
  const store = await findCheckoutStore(platform, storeId)
  if (!store || store.status !== 'ACTIVE' || !store.commerceEnabled)
    throw new DomainError('FORBIDDEN', 'this store is not selling at the moment; nothing was ordered or charged', {
      details: { reason: 'NOT_SELLING' },
    })
  const details = parseDetails(rawDetails)
  const settings = await readCheckoutSettings(platform, storeId)
  if (settings.requirePhone && !details.shippingAddress.phone)
    throw new DomainError('BAD_USER_INPUT', 'Phone is required by this store', {
      field: ['input', 'shippingAddress', 'phone'],
    })
  const note = settings.orderNotesEnabled ? details.note : null
  const cart = await readCart(platform, storeId, cartId)
  if (cart.lines.length === 0)
    throw checkoutRefused('EMPTY_CART', 'your cart is empty; add something to it before checking out')
  const gone = cart.lines.findIndex((line) => !line.available)
  if (gone !== -1)
    throw checkoutRefused(
      'NOT_AVAILABLE',
      `${cart.lines[gone]!.title || 'an item in your cart'} is no longer available; remove it from your cart`,
      ['input', 'lines', gone],
      { lineId: cart.lines[gone]!.lineId },
    )
  const totals = cartTotals(cart, settings, details.shippingRate)
  const provider = await openPaymentProvider(platform, storeId)
  if (!provider)
    throw checkoutRefused(
      'PAYMENTS_NOT_CONFIGURED',
      'this store cannot take payments yet; nothing was ordered or charged. Please try again later',
    )

  const now = options.now ?? new Date()
  const orderId = uuidv7()
  const ctx = systemContext(
    { organizationId: store.organizationId, storeId },
    STOREFRONT_SHOPPER,
    ['orders:write', 'products:write'],
    now,
  )
  const expiresAt = new Date(now.getTime() + settings.reservationMinutes * 60_000).toISOString()
  const inventoryLines = cart.lines.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity }))
  try {
    await reserveOrderInventory(platform, ctx, { orderId, lines: inventoryLines, expiresAt })
  } catch (error) {
    throw soldOut(error, cart)
  }

  let placed = false
  try {
    const db = platform.database.db
    const { shippingAddress: address } = details
    const customerId = await recordCustomer(db, storeId, {
      email: details.email,
      firstName: address.firstName,
      lastName: address.lastName,
      phone: address.phone,
    })
    await recordOrderAddress(db, storeId, orderId, address)
    await platform.execute(
      orderPlace,
      {
        orderId,
        customerId,
        lines: cart.lines.map((line) => ({
          productId: line.productId,
          variantId: line.variantId,
          title: line.title,
          variantTitle: line.variantTitle || null,
          sku: line.sku || null,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
        })),
        currencyCode: cart.currencyCode,
        subtotal: totals.subtotal,
        shipping: totals.shipping,
        tax: totals.tax,
        total: totals.total,
        provider: provider.kind,
        reservationExpiresAt: expiresAt,
        note,
      },
      ctx,
    )
    placed = true
    const orderNumber = await placedNumber(platform, storeId, orderId)
    const origin = options.origin ?? `https://${store.slug}.${platform.config.platformHost}`
    const session = await provider.createCheckoutSession({
      orderId,
      orderNumber,
      lines: sessionLines(cart, totals),
      total: totals.total,
      currencyCode: cart.currencyCode,
      successUrl: `${origin}${await orderConfirmationPath(platform, orderId)}`,
      cancelUrl: `${origin}/cart`,
      customerEmail: details.email,
    })
    await platform.execute(
      orderPaymentSessionRecord,
      { orderId, provider: provider.kind, sessionId: session.sessionId },
      ctx,
    )
    await clearCart(platform, { storeId, organizationId: store.organizationId }, cartId)
    return { orderId, orderNumber, redirectUrl: session.url }
  } catch (error) {
    platform.logger.warn({ err: error, storeId, orderId }, 'checkout failed after the stock was held; giving it back')
    if (placed)
      await platform
        .execute(orderCancel, { orderId, reason: 'the checkout could not open a payment session' }, ctx)
        .catch((cancelError: unknown) =>
          platform.logger.warn({ err: cancelError, orderId }, 'could not cancel the unpaid order; it will expire'),
        )
    await releaseOrderInventory(platform, ctx, { orderId, lines: inventoryLines, reason: 'CHECKOUT_FAILED' }).catch(
      (releaseError: unknown) =>
        platform.logger.warn({ err: releaseError, orderId }, 'could not release the hold; it will expire'),
    )
    throw error
  }
}

/** The shopper's words for running out: which item, and how many are left. */
function soldOut(error: unknown, cart: CartView): unknown {
  if (!(error instanceof DomainError) || error.details?.reason !== 'SOLD_OUT') return error
  const index = typeof error.field?.[2] === 'number' ? error.field[2] : -1
  const line = cart.lines[index]
  const available = Number(error.details.available ?? 0)
  const name = line ? [line.title, line.variantTitle].filter(Boolean).join(' – ') : 'an item in your cart'
  const message =
    available === 0
      ? `${name} is sold out; remove it from your cart to check out`
      : `only ${available} of ${name} left; lower the quantity to ${available} or less`
  return checkoutRefused('SOLD_OUT', message, error.field ?? ['input'], {
    available,
    title: name,
    lineId: line?.lineId ?? null,
    variantId: line?.variantId ?? null,
  })
}

async function placedNumber(platform: Platform, storeId: string, orderId: string): Promise<number> {
  const events = await platform.eventStore.readStream(orderStream(storeId, orderId))
  const placed = events.find((event) => event.type === 'OrderPlaced')
  return Number((placed?.data as { number?: number } | undefined)?.number)
}

/** The provider's lines: the items, shipping and (exclusive) tax, adding up to the total. */
function sessionLines(cart: CartView, totals: CheckoutTotals): CheckoutSessionLine[] {
  const lines: CheckoutSessionLine[] = cart.lines.map((line) => ({
    title: line.variantTitle ? `${line.title} — ${line.variantTitle}` : line.title,
    quantity: line.quantity,
    unitAmount: line.unitPrice,
  }))
  if (totals.shipping.amount > 0)
    lines.push({ title: `Shipping: ${totals.shipping.name}`, quantity: 1, unitAmount: totals.shipping.amount })
  if (!totals.tax.inclusive && totals.tax.amount > 0)
    lines.push({ title: `Tax (${totals.tax.rate / 100} %)`, quantity: 1, unitAmount: totals.tax.amount })
  return lines
}
