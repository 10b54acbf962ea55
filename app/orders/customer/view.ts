import { z } from 'zod'
import type { CustomerRecord } from '../../../projections/orders/order/queries.js'
import { isoString } from '../../shared/connection.js'
import { addressViewSchema, moneyView, moneyViewSchema, toAddressView } from '../order/view.js'
import type { CustomerIdentity, OrderAddress } from './identities.js'

/** A customer as GraphQL's `Customer` and the MCP tools serve it: personal data null once erased. */
export const customerViewSchema = z.object({
  id: z.string(),
  erased: z.boolean().describe('True once the personal data was erased; the orders stay, anonymous.'),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  addresses: z.array(addressViewSchema).describe('The shipping addresses of their orders, each once.'),
  orderCount: z.number().int(),
  totalSpent: moneyViewSchema.nullable().describe('Paid less refunded, in the currency of their last order.'),
  firstOrderAt: z.string().nullable(),
  lastOrderAt: z.string().nullable(),
  erasedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type CustomerView = z.infer<typeof customerViewSchema>

export function toCustomerView(
  customer: CustomerRecord,
  identity: CustomerIdentity | null,
  addresses: readonly OrderAddress[],
): CustomerView {
  const personal = customer.erased ? null : identity
  const unique = new Map(addresses.map((a) => [JSON.stringify(toAddressView(a)), toAddressView(a)]))
  return {
    id: customer.id,
    erased: customer.erased,
    email: personal?.email ?? null,
    firstName: personal?.firstName ?? null,
    lastName: personal?.lastName ?? null,
    phone: personal?.phone ?? null,
    addresses: customer.erased ? [] : [...unique.values()],
    orderCount: customer.orderCount,
    totalSpent: customer.currencyCode ? moneyView(customer.totalSpent, customer.currencyCode) : null,
    firstOrderAt: customer.firstOrderAt && isoString(customer.firstOrderAt),
    lastOrderAt: customer.lastOrderAt && isoString(customer.lastOrderAt),
    erasedAt: customer.erasedAt && isoString(customer.erasedAt),
    createdAt: isoString(customer.createdAt),
    updatedAt: isoString(customer.updatedAt),
  }
}
