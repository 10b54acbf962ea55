import { z } from 'zod'
import { fromMinorUnits } from '../../../domain/catalog/product/money.js'
import { orderName } from '../../../domain/orders/order/streams.js'
import type { OrderRecord } from '../../../projections/orders/order/queries.js'
import { versionView, versionViewShape } from '../../shared/version-view.js'
import type { CustomerIdentity, OrderAddress } from '../customer/identities.js'

export const moneyViewSchema = z.object({
  amount: z.string().describe('A decimal string with the currency\'s decimals, e.g. "19.99".'),
  currencyCode: z.string(),
})
export type MoneyView = z.infer<typeof moneyViewSchema>

export const moneyView = (minor: number, currencyCode: string): MoneyView => ({
  amount: fromMinorUnits(minor, currencyCode),
  currencyCode,
})

export const addressViewSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  province: z.string().nullable(),
  postalCode: z.string(),
  countryCode: z.string(),
  phone: z.string().nullable(),
})
export type AddressView = z.infer<typeof addressViewSchema>

export function toAddressView(address: OrderAddress): AddressView {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    address1: address.address1,
    address2: address.address2 ?? null,
    city: address.city,
    province: address.province ?? null,
    postalCode: address.postalCode,
    countryCode: address.countryCode,
    phone: address.phone ?? null,
  }
}

/** An order as GraphQL's `Order` and the MCP tools serve it; money as decimal strings, times as ISO-8601. */
export const orderViewSchema = z.object({
  id: z.string(),
  number: z.number().int().describe('Sequential per store from 1001.'),
  name: z.string().describe('The number as people read it, e.g. "#1001".'),
  status: z.string().describe('PENDING_PAYMENT, PAID, PAYMENT_MISMATCH, CANCELLED or EXPIRED.'),
  paymentStatus: z.string().describe('PENDING, PAID, FAILED, PARTIALLY_REFUNDED, REFUNDED, DISPUTED or MISMATCH.'),
  fulfillmentStatus: z.string().describe('UNFULFILLED or FULFILLED.'),
  customerId: z.string(),
  email: z.string().nullable().describe("The customer's email; null once the customer is erased."),
  shippingAddress: addressViewSchema.nullable().describe('Null once the customer is erased.'),
  lines: z.array(
    z.object({
      productId: z.string(),
      variantId: z.string(),
      title: z.string(),
      variantTitle: z.string().nullable(),
      sku: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: moneyViewSchema,
      lineTotal: moneyViewSchema,
    }),
  ),
  subtotal: moneyViewSchema,
  shipping: moneyViewSchema,
  shippingName: z.string(),
  tax: moneyViewSchema,
  taxRate: z.number().int().describe('Basis points: 2000 = 20 %.'),
  taxInclusive: z.boolean(),
  total: moneyViewSchema,
  totalRefunded: moneyViewSchema,
  provider: z.string(),
  note: z.string().nullable().describe("The shopper's note at checkout."),
  notes: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      createdAt: z.string(),
      author: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }),
    }),
  ),
  fulfillments: z.array(
    z.object({
      id: z.string(),
      trackingNumber: z.string().nullable(),
      trackingUrl: z.string().nullable(),
      carrier: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  ...versionViewShape,
})
export type OrderView = z.infer<typeof orderViewSchema>

/** What an order view needs besides the read model: the personal data still held (null once erased). */
export interface OrderPersonalData {
  identity: CustomerIdentity | null
  address: OrderAddress | null
}

/** Field by field, so a column the read model gains reaches no client until the view says so. */
export function toOrderView(order: OrderRecord, personal: OrderPersonalData): OrderView {
  const money = (minor: number) => moneyView(minor, order.currencyCode)
  return {
    id: order.id,
    number: order.number,
    name: orderName(order.number),
    status: order.status,
    paymentStatus: order.paymentStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    customerId: order.customerId,
    email: personal.identity?.email ?? null,
    shippingAddress: personal.address ? toAddressView(personal.address) : null,
    lines: order.lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      title: line.title,
      variantTitle: line.variantTitle,
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: money(line.unitPrice),
      lineTotal: money(line.lineTotal),
    })),
    subtotal: money(order.subtotal),
    shipping: money(order.shipping.amount),
    shippingName: order.shipping.name,
    tax: money(order.tax.amount),
    taxRate: order.tax.rate,
    taxInclusive: order.tax.inclusive,
    total: money(order.total),
    totalRefunded: money(order.totalRefunded),
    provider: order.provider,
    note: order.note,
    notes: order.notes.map((note) => ({
      id: note.id,
      text: note.text,
      createdAt: note.createdAt,
      author: { type: note.author.type, id: note.author.id, name: note.author.name ?? null },
    })),
    fulfillments: order.fulfillments.map((f) => ({
      id: f.id,
      trackingNumber: f.trackingNumber,
      trackingUrl: f.trackingUrl,
      carrier: f.carrier,
      createdAt: f.createdAt,
    })),
    ...versionView(order),
  }
}
