import { randomUUID } from 'node:crypto'
import { systemContext as appSystemContext, type CommandContext } from '../../app/commands/context.js'
import { recordCustomer, recordOrderAddress } from '../../app/orders/customer/identities.js'
import { orderPaymentSync, orderPlace } from '../../domain/orders/order/definitions.js'
import type { TestApp, Tenant } from './app.js'

/** The context checkout and the payment webhook run order commands with: the platform itself, orders:write. */
export function systemContext(tenant: Pick<Tenant, 'organizationId' | 'storeId'>, id = 'checkout'): CommandContext {
  return appSystemContext(tenant, { type: 'system', id, name: id }, ['orders:write'])
}

export interface PlacedOrder {
  orderId: string
  customerId: string
  number: number
}

/**
 * Places an order as checkout does: the customer's identity and address in the deletable tables,
 * then `orderPlace` through the command path, waiting until the read models show it.
 * `unitPrice` × `quantity` + 500 shipping (tax included) is the total.
 */
export async function placeTestOrder(
  t: TestApp,
  tenant: Tenant,
  options: { email?: string; unitPrice?: number; quantity?: number; currencyCode?: string; wait?: boolean } = {},
): Promise<PlacedOrder> {
  const { email = 'ada@example.com', unitPrice = 1500, quantity = 2, currencyCode = 'EUR', wait = true } = options
  const db = t.platform.database.db
  const customerId = await recordCustomer(db, tenant.storeId, { email, firstName: 'Ada', lastName: 'Lovelace' })
  const orderId = randomUUID()
  await recordOrderAddress(db, tenant.storeId, orderId, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    address1: '12 Rue de la Paix',
    city: 'Paris',
    postalCode: '75002',
    countryCode: 'FR',
  })
  const subtotal = unitPrice * quantity
  const input = {
    orderId,
    customerId,
    lines: [
      {
        productId: randomUUID(),
        variantId: randomUUID(),
        title: 'Linen shirt',
        variantTitle: 'M',
        sku: 'LS-M',
        quantity,
        unitPrice,
      },
    ],
    currencyCode,
    subtotal,
    shipping: { name: 'Standard', amount: 500 },
    tax: { rate: 2000, inclusive: true, amount: Math.round((subtotal * 2000) / 12000) },
    total: subtotal + 500,
    provider: 'TEST',
    reservationExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  }
  const ctx = systemContext(tenant)
  const result = wait
    ? await t.platform.executeAndWait(orderPlace, input, ctx)
    : await t.platform.execute(orderPlace, input, ctx)
  const placed = await t.platform.eventStore.readStream(result.stream)
  return { orderId, customerId, number: Number(placed[0]!.data.number) }
}

/** The payment webhook's sync of a payment that took `amount` (the order total by default). */
export async function payTestOrder(
  t: TestApp,
  tenant: Tenant,
  orderId: string,
  amount: number,
  refundedAmount = 0,
  currencyCode = 'EUR',
): Promise<void> {
  await t.platform.executeAndWait(
    orderPaymentSync,
    {
      orderId,
      paymentId: `pay-${orderId}`,
      provider: 'TEST',
      providerPaymentId: `pi_${orderId.slice(0, 8)}`,
      succeeded: { amount, currencyCode },
      failed: null,
      refundedAmount,
      disputed: null,
    },
    systemContext(tenant, 'webhook'),
  )
}
