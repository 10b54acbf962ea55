import type { GraphQLFieldResolver } from 'graphql'
import { fromMinorUnits } from '../../domain/catalog/product/money.js'
import { orderName } from '../../domain/orders/order/streams.js'
import { DomainError } from '../../domain/shared/errors.js'
import { cartIdOfToken } from '../../app/orders/cart/cookie.js'
import { readPlacedOrder } from '../../app/orders/checkout/confirmation.js'
import { startCheckout } from '../../app/orders/checkout/start.js'
import type { StorefrontContext } from './resolvers.js'
import { ADDRESS_FIELDS } from '../graphql/shared/address.js'

/**
 * `cartCheckout` of the public storefront API: the headless twin of the store's `/checkout` form.
 * The same checks, prices computed on the server (the input has no price to send), the same
 * refusals (`extensions.details.reason`: NOT_SELLING, PAYMENTS_NOT_CONFIGURED, EMPTY_CART,
 * NOT_AVAILABLE, SOLD_OUT), and the provider's URL to send the shopper to.
 */
export const checkoutTypeDefs = /* GraphQL */ `
  extend type Mutation {
    "Places an order for the cart, waiting for payment, holds its stock, and answers the payment page to send the shopper to. The cart is emptied."
    cartCheckout(input: CartCheckoutInput!): CartCheckoutPayload!
  }

  "Where the order ships; personal data, kept apart from the order's history and erasable."
  input MailingAddressInput {
    ${ADDRESS_FIELDS}
    "ISO 3166-1 alpha-2, e.g. GB."
    countryCode: String!
    "Required when the store asks for a phone number."
    phone: String
  }

  input CartCheckoutInput {
    "The cart's id, as cartCreate returned it."
    cartId: ID!
    email: String!
    shippingAddress: MailingAddressInput!
    "The name of one of the store's shipping rates, e.g. 'Standard'."
    shippingRate: String!
    "A note for the merchant, when the store takes notes."
    note: String
  }

  type CartCheckoutPayload {
    order: CheckoutOrder!
    "The payment page to send the shopper to (absolute URL)."
    redirectUrl: String!
  }

  "The order a checkout placed, waiting for payment."
  type CheckoutOrder {
    id: ID!
    "Sequential per store: 1001, 1002 …"
    number: Int!
    "The number as shoppers see it: '#1001'."
    name: String!
    "Subtotal, shipping and tax (when not included) together, computed by the store."
    total: Money!
  }
`

type CheckoutInput = { cartId: string } & Record<string, unknown>

export const checkoutMutationResolvers: Record<string, GraphQLFieldResolver<unknown, StorefrontContext>> = {
  cartCheckout: async (_root, { input }: { input: CheckoutInput }, { session, platform }) => {
    const { cartId: token, ...details } = input
    const storeId = session.storeId
    const cartId = await cartIdOfToken(platform, storeId, token)
    if (!cartId)
      throw new DomainError('NOT_FOUND', `cart '${token}' does not exist in this store; create one with cartCreate`, {
        field: ['input', 'cartId'],
      })
    const started = await startCheckout(platform, storeId, cartId, details, { origin: session.origin })
    const order = await readPlacedOrder(platform, storeId, started.orderId)
    return {
      order: {
        id: started.orderId,
        number: started.orderNumber,
        name: orderName(started.orderNumber),
        total: {
          amount: fromMinorUnits(order!.total, order!.currencyCode),
          currencyCode: order!.currencyCode,
        },
      },
      redirectUrl: new URL(started.redirectUrl, session.origin).toString(),
    }
  },
}
