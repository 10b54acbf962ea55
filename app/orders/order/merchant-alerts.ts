import { fromMinorUnits } from '../../../domain/catalog/product/money.js'
import type { OrderDisputed, OrderPaymentMismatched } from '../../../domain/orders/order/events.js'
import { orderStream } from '../../../domain/orders/order/streams.js'
import type { Reaction, ReactionEvent } from '../../../domain/shared/reaction.js'
import { listMembers } from '../../../projections/tenancy/accounts/queries.js'
import { findStore } from '../../../projections/tenancy/queries.js'
import { accountServices } from '../../auth/account-services.js'
import type { Platform } from '../../platform.js'

type Alerted = OrderPaymentMismatched | OrderDisputed

/**
 * Payments a person must look at: the provider took another amount or currency than the order's
 * total (the order stays `PAYMENT_MISMATCH`, never PAID), or the shopper disputed a charge. Each
 * active OWNER and ADMIN of the store's organization gets a mail naming the store, the order and
 * the amounts, besides the order's status and its history. At least once: an event delivered
 * again after a crash mails again, which beats a merchant never hearing of it.
 */
export function merchantAlertReactions(platform: Platform): readonly Reaction[] {
  return [
    {
      name: 'merchant-payment-alerts',
      eventTypes: ['OrderPaymentMismatched', 'OrderDisputed'],
      scopes: [],
      react: async (event) => {
        await alert(platform, event)
        return []
      },
    },
  ]
}

async function alert(platform: Platform, event: ReactionEvent): Promise<void> {
  if (!event.storeId) return
  const data = event.data as Alerted['data']
  await alertMerchant(
    platform,
    { organizationId: event.organizationId, storeId: event.storeId, orderId: data.orderId },
    event.type === 'OrderDisputed' ? 'payment-dispute' : 'payment-mismatch',
    ({ order, where, currencyCode }) =>
      event.type === 'OrderPaymentMismatched'
        ? mismatchText(data as OrderPaymentMismatched['data'], order, where)
        : disputeText(data as OrderDisputed['data'], order, where, currencyCode),
  )
}

/** What a mail says of the order it is about: `order #1001`, the store and the order's currency. */
export interface AlertSubject {
  order: string
  where: string
  currencyCode: string
}

/**
 * Mails every active OWNER and ADMIN of the store's organization about one order, as `kind`
 * (`payment-mismatch`, `refund-refused`, …); `compose` writes the subject and text.
 */
export async function alertMerchant(
  platform: Platform,
  about: { organizationId: string; storeId: string; orderId: string },
  kind: string,
  compose: (subject: AlertSubject) => { subject: string; text: string },
): Promise<void> {
  const db = platform.database.db
  const [store, placed, members] = await Promise.all([
    findStore(db, about.organizationId, about.storeId),
    placedOrder(platform, about.storeId, about.orderId),
    listMembers(db, about.organizationId, { filter: { role: ['OWNER', 'ADMIN'], status: ['ACTIVE'] }, first: 250 }),
  ])
  const message = compose({
    order: placed ? `order #${placed.number}` : `order ${about.orderId}`,
    where: store ? `${store.name} (${store.slug})` : `store ${about.storeId}`,
    currencyCode: placed?.currencyCode ?? 'USD',
  })
  const { mailer } = accountServices(platform)
  for (const member of members.nodes) await mailer.send({ to: member.email, kind, ...message })
}

const money = (amount: number, currencyCode: string) => `${fromMinorUnits(amount, currencyCode)} ${currencyCode}`

function mismatchText(data: OrderPaymentMismatched['data'], order: string, where: string) {
  return {
    subject: `Payment for ${order} does not match its total`,
    text: [
      `${where}: the payment provider (${data.provider}) took ${money(data.received.amount, data.received.currencyCode)} for ${order},`,
      `whose total is ${money(data.expected.amount, data.expected.currencyCode)}. The order is held as PAYMENT_MISMATCH and will not ship`,
      `as paid. Check payment ${data.providerPaymentId} with the provider, then refund or cancel the order.`,
    ].join('\n'),
  }
}

function disputeText(data: OrderDisputed['data'], order: string, where: string, currencyCode: string) {
  return {
    subject: `A payment for ${order} is disputed`,
    text: [
      `${where}: the shopper disputed ${money(data.amount, currencyCode)} of payment ${data.providerPaymentId} for ${order}`,
      `(reason: ${data.reason || 'not given'}). Answer the dispute with the payment provider (${data.provider}).`,
    ].join('\n'),
  }
}

/** The order's number and currency from its own stream (the read model may not have them yet); null when it has none. */
async function placedOrder(
  platform: Platform,
  storeId: string,
  orderId: string,
): Promise<{ number: number; currencyCode: string } | null> {
  const history = await platform.eventStore.readStream(orderStream(storeId, orderId))
  const placed = history.find((e) => e.type === 'OrderPlaced')
  return placed ? (placed.data as { number: number; currencyCode: string }) : null
}
