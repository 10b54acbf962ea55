import { CUSTOMER_LIST } from '../../../../domain/orders/customer/list.js'
import { resourceReadTypeDefs } from '../../shared/list-sdl.js'

/** SDL of customers: a read model of their orders joined with their deletable personal data. */
export const customerTypeDefs = /* GraphQL */ `
  "A shopper who placed orders. The id is pseudonymous; email, name, phone and addresses are null once erased, the orders stay."
  type Customer {
    id: ID!
    "True once customerErase deleted the personal data."
    erased: Boolean!
    email: String
    firstName: String
    lastName: String
    phone: String
    "The shipping addresses of their orders, each once."
    addresses: [MailingAddress!]!
    orderCount: Int!
    "Paid less refunded, in the currency of their last order; null before any order."
    totalSpent: Money
    firstOrderAt: DateTime
    lastOrderAt: DateTime
    erasedAt: DateTime
    createdAt: DateTime!
    updatedAt: DateTime!
    "The customer's orders, newest first."
    orders(first: Int, after: String): OrderConnection!
  }

  ${resourceReadTypeDefs(CUSTOMER_LIST, {
    one: { name: 'customer', doc: 'One customer by id; NOT_FOUND when the store has no such customer.' },
    list: { name: 'customers', doc: "The store's customers." },
  })}
`
