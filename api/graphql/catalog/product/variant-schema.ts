import { PRODUCT_VARIANT_LIST } from '../../../../domain/catalog/product/variant-list.js'
import { listFieldArgs, listTypeDefs } from '../../shared/list-sdl.js'
import { connectionTypeDefs } from '../../shared/schema.js'

export const productVariantTypeDefs = /* GraphQL */ `
  "Why a stock level changed; the audit log shows it with every adjustment."
  enum InventoryAdjustmentReason {
    "A count found a different stock."
    CORRECTION
    "Goods arrived."
    RECEIVED
    DAMAGED
    SOLD
    RETURNED
    "Anything else; needs a note."
    OTHER
  }

  "An option of a product, such as Size, with its values in the order shoppers see them."
  type ProductOption {
    id: ID!
    "In that locale when given, falling back to the store's default locale."
    name(locale: Locale): String!
    "Place among the product's options, from 0; variant titles follow this order."
    position: Int!
    values: [String!]!
  }

  "A variant's value of one option."
  type SelectedOption {
    name: String!
    value: String!
  }

  type Weight {
    value: Float!
    unit: WeightUnit!
  }

  "The lowest and the highest price of a product's variants."
  type ProductPriceRange {
    min: Money!
    max: Money!
  }

  "A sellable version of a product: one combination of its option values, with its own price, SKU and stock."
  type ProductVariant {
    id: ID!
    product: Product!
    "The option values in option order, e.g. \\"S / Red\\"; empty for a product without options."
    title: String!
    "Stock keeping unit, unique in the store; empty when not set."
    sku: String!
    barcode: String!
    price: Money!
    "The price before a reduction, shown struck through; null when not set."
    compareAtPrice: Money
    "What the variant costs the merchant; null when not set."
    cost: Money
    "Whether stock is counted; an untracked variant is always available."
    inventoryTracked: Boolean!
    "Stock on hand; below 0 when oversold. Changed by productInventoryAdjust only."
    inventoryQuantity: Int!
    "Units held for orders awaiting payment: checkout reserves them for a bounded time, payment sells them, expiry or cancellation gives them back."
    inventoryReserved: Int!
    "What shoppers may still buy: inventoryQuantity minus inventoryReserved; null when inventory is not tracked (always available)."
    inventoryAvailable: Int
    weight: Weight
    "One value for each option of the product, in option order."
    optionValues: [SelectedOption!]!
    "Place among the product's variants, from 0."
    position: Int!
    "The media shown for this variant; null when none or when it was deleted."
    image: Media
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  ${connectionTypeDefs('ProductVariant')}

  ${listTypeDefs(PRODUCT_VARIANT_LIST)}

  extend type Product {
    "The product's options in order."
    options: [ProductOption!]!
    "The product's variants in order."
    variants: [ProductVariant!]!
    "Lowest and highest variant price; null without variants."
    priceRange: ProductPriceRange
    "Stock of the variants whose inventory is tracked, added up."
    totalInventory: Int!
    variantsCount: Int!
  }

  extend type Query {
    "One variant by id; NOT_FOUND when the store has no such variant."
    productVariant(id: ID!): ProductVariant
    "The store's variants, or one product's."
    productVariants(${listFieldArgs(PRODUCT_VARIANT_LIST)}
      "Only this product's variants."
      productId: ID
    ): ProductVariantConnection!
  }
`
