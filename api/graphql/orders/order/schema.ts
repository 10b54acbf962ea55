import { ORDER_LIST } from '../../../../domain/orders/order/list.js'
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '../../../../domain/orders/order/order.js'
import { resourceReadTypeDefs } from '../../shared/list-sdl.js'
import { ADDRESS_FIELDS } from '../../shared/address.js'

/** SDL of orders; their inputs, payloads and mutations come from the command definitions. */
export const orderTypeDefs = /* GraphQL */ `
  "Where an order stands."
  enum OrderStatus {
    ${ORDER_STATUSES.join('\n    ')}
  }
  "Where an order's money stands."
  enum OrderPaymentStatus {
    ${PAYMENT_STATUSES.join('\n    ')}
  }
  enum OrderFulfillmentStatus {
    ${FULFILLMENT_STATUSES.join('\n    ')}
  }

  "A postal address; personal data, deleted when the customer is erased."
  type MailingAddress {
    ${ADDRESS_FIELDS}
    "ISO 3166-1 alpha-2, e.g. FR."
    countryCode: String!
    phone: String
  }

  "One product variant of an order, at the price it was sold."
  type OrderLine {
    productId: ID!
    variantId: ID!
    title: String!
    variantTitle: String
    sku: String
    quantity: Int!
    unitPrice: Money!
    lineTotal: Money!
  }

  "An internal note of the merchant's staff; never shown to the shopper."
  type OrderNote {
    id: ID!
    text: String!
    createdAt: DateTime!
    author: AuditActor!
  }

  "A shipment of the order."
  type Fulfillment {
    id: ID!
    trackingNumber: String
    trackingUrl: String
    carrier: String
    createdAt: DateTime!
  }

  "An order a shopper placed at checkout. Money in the order's currency; personal data (email, address) is null once the customer is erased."
  type Order {
    id: ID!
    "Sequential per store from 1001."
    number: Int!
    "The number as people read it, e.g. #1001."
    name: String!
    status: OrderStatus!
    paymentStatus: OrderPaymentStatus!
    fulfillmentStatus: OrderFulfillmentStatus!
    "The customer's email; null once the customer is erased."
    email: String
    customer: Customer
    "Null once the customer is erased."
    shippingAddress: MailingAddress
    lines: [OrderLine!]!
    subtotal: Money!
    shipping: Money!
    "The shipping rate chosen at checkout."
    shippingName: String!
    tax: Money!
    "Basis points: 2000 = 20 %."
    taxRate: Int!
    "Whether the prices hold the tax already (then it is not added to the total)."
    taxInclusive: Boolean!
    total: Money!
    "What the payment provider confirms it gave back."
    totalRefunded: Money!
    "The shopper's note at checkout."
    note: String
    notes: [OrderNote!]!
    fulfillments: [Fulfillment!]!
    createdAt: DateTime!
    updatedAt: DateTime!
    "Stream revision of the last change."
    revision: Int!
    "Every event of this order, newest first, with its actor and time."
    history(first: Int, after: String): AuditEntryConnection!
  }

  ${resourceReadTypeDefs(ORDER_LIST, {
    one: {
      name: 'order',
      args: 'id: ID, number: Int',
      doc: 'One order by id or by number (1001 for #1001); NOT_FOUND when the store has no such order.',
    },
    list: { name: 'orders', doc: "The store's orders." },
  })}
`
