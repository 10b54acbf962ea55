import type { GraphQLFieldResolver } from 'graphql'
import type { StorefrontContext } from './resolvers.js'

/**
 * The cart of the public storefront API, for headless front ends: the same cart and rules as the
 * store's `/cart` pages (only ACTIVE products' variants, never more than the stock, prices read
 * from the catalog, never sent by the client). A cart's `id` is an opaque signed token: a bare
 * cart id, or a token of another store, opens nothing.
 */
export const cartTypeDefs = /* GraphQL */ `
  extend type Query {
    "A cart by the id cartCreate returned; null when there is no such cart in this store."
    cart(id: ID!): Cart
  }

  type Mutation {
    "Creates a cart, with lines if given. Keep its id (an opaque token) to read and change it."
    cartCreate(input: CartCreateInput!): CartPayload!
    "Adds variants to a cart; a variant already there gets its quantity raised."
    cartLinesAdd(input: CartLinesAddInput!): CartPayload!
    "Sets quantities of cart lines; 0 removes a line."
    cartLinesUpdate(input: CartLinesUpdateInput!): CartPayload!
    "Removes lines from a cart."
    cartLinesRemove(input: CartLinesRemoveInput!): CartPayload!
  }

  input CartLineInput {
    "A variant of an ACTIVE product of this store."
    variantId: ID!
    "1–999; 1 when not given. Never more than a tracked variant has in stock."
    quantity: Int
  }

  input CartCreateInput {
    lines: [CartLineInput!]
  }

  input CartLinesAddInput {
    cartId: ID!
    lines: [CartLineInput!]!
  }

  input CartLineUpdateInput {
    "The line's id (CartLine.id)."
    id: ID!
    quantity: Int!
  }

  input CartLinesUpdateInput {
    cartId: ID!
    lines: [CartLineUpdateInput!]!
  }

  input CartLinesRemoveInput {
    cartId: ID!
    lineIds: [ID!]!
  }

  type CartPayload {
    cart: Cart!
  }

  "A shopper's cart, priced now from the catalog."
  type Cart {
    "Opaque signed token: pass it back as cartId."
    id: ID!
    "Units of the lines available for sale."
    totalQuantity: Int!
    cost: CartCost!
    "In the order they were added; lines no longer for sale stay, unpriced and not counted, until removed."
    lines: [CartLine!]!
  }

  type CartCost {
    subtotalAmount: Money!
    totalAmount: Money!
  }

  type CartLine {
    id: ID!
    quantity: Int!
    "False when the product is no longer ACTIVE or the variant is gone."
    availableForSale: Boolean!
    merchandise: CartMerchandise!
    cost: CartLineCost!
  }

  type CartMerchandise {
    "The variant id."
    id: ID!
    "The variant's option values, e.g. 'M / Red'; empty for a product without options."
    title: String!
    sku: String!
    price: Money!
    image: Image
    product: CartProduct!
  }

  type CartProduct {
    id: ID!
    handle: String
    title: String!
  }

  type CartLineCost {
    amountPerQuantity: Money!
    totalAmount: Money!
  }
`

type Line = { variantId: string; quantity?: number | null }

export const cartQueryResolvers: Record<string, GraphQLFieldResolver<unknown, StorefrontContext>> = {
  cart: (_root, { id }: { id: string }, { carts }) => carts.cart(id),
}

export const cartMutationResolvers: Record<string, GraphQLFieldResolver<unknown, StorefrontContext>> = {
  cartCreate: (_root, { input }: { input: { lines?: Line[] | null } }, { carts }) => carts.create(input.lines),
  cartLinesAdd: (_root, { input }: { input: { cartId: string; lines: Line[] } }, { carts }) =>
    carts.addLines(input.cartId, input.lines),
  cartLinesUpdate: (
    _root,
    { input }: { input: { cartId: string; lines: { id: string; quantity: number }[] } },
    { carts },
  ) => carts.updateLines(input.cartId, input.lines),
  cartLinesRemove: (_root, { input }: { input: { cartId: string; lineIds: string[] } }, { carts }) =>
    carts.removeLines(input.cartId, input.lineIds),
}
