import { z } from 'zod'
import { fromMinorUnits } from '../../../domain/catalog/product/money.js'
import { WEIGHT_UNITS } from '../../../domain/catalog/product/variant-events.js'
import type {
  MoneyValue,
  OptionRecord,
  VariantRecord,
  VariantSummary,
} from '../../../projections/catalog/product/variant-queries.js'
import { isoString } from '../../shared/connection.js'

/** GraphQL's `Money`: a decimal string and its currency. */
export const moneyViewSchema = z.object({
  amount: z.string().describe('A decimal string with the currency\'s decimals, e.g. "19.99".'),
  currencyCode: z.string().describe('ISO 4217, e.g. USD.'),
})

export type MoneyView = z.infer<typeof moneyViewSchema>

/** Minor units as money: 1999 USD → { amount: "19.99", currencyCode: "USD" }. */
export function moneyView(value: MoneyValue): MoneyView {
  return { amount: fromMinorUnits(value.minor, value.currencyCode), currencyCode: value.currencyCode }
}

/** GraphQL's `ProductOption`. */
export const productOptionViewSchema = z.object({
  id: z.string().describe('The option id, for update_product_option and remove_product_option.'),
  productId: z.string(),
  name: z.string(),
  position: z.number().int(),
  values: z.array(z.string()).describe('In the order shoppers see them.'),
})

export type ProductOptionView = z.infer<typeof productOptionViewSchema>

/** GraphQL's `ProductVariant`, with the ids of its product and image for the fields that follow them. */
export const productVariantViewSchema = z.object({
  id: z.string().describe('The variant id, for update_product_variant and adjust_inventory.'),
  productId: z.string(),
  title: z.string().describe('The option values in option order, e.g. "S / Red".'),
  sku: z.string().describe('Unique in the store; empty when not set.'),
  barcode: z.string(),
  price: moneyViewSchema,
  compareAtPrice: moneyViewSchema.nullable(),
  cost: moneyViewSchema.nullable(),
  inventoryTracked: z.boolean(),
  inventoryQuantity: z.number().int().describe('Stock on hand; change it with adjust_inventory.'),
  inventoryReserved: z
    .number()
    .int()
    .describe('Units held for orders awaiting payment (checkout reserves them for a bounded time).'),
  inventoryAvailable: z
    .number()
    .int()
    .nullable()
    .describe('What shoppers may still buy: stock on hand minus reserved; null when inventory is not tracked.'),
  weight: z.object({ value: z.number(), unit: z.enum(WEIGHT_UNITS) }).nullable(),
  optionValues: z.array(z.object({ name: z.string(), value: z.string() })),
  position: z.number().int(),
  mediaId: z.string().nullable().describe('The media shown for this variant; null when none.'),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export type ProductVariantView = z.infer<typeof productVariantViewSchema>

/** `reserved`: units live reservations hold (reservation read model); 0 for a past state. */
export function toVariantView(variant: VariantRecord, reserved = 0): ProductVariantView {
  const { price, compareAtPrice, cost, ...fields } = variant
  return {
    ...fields,
    ...inventoryAvailability(variant, reserved),
    price: moneyView(price),
    compareAtPrice: compareAtPrice && moneyView(compareAtPrice),
    cost: cost && moneyView(cost),
    createdAt: isoString(variant.createdAt),
    updatedAt: isoString(variant.updatedAt),
  }
}

export const toOptionView = ({ id, productId, name, position, values }: OptionRecord): ProductOptionView => ({
  id,
  productId,
  name,
  position,
  values,
})

/** What GraphQL's `Product.priceRange`, `totalInventory` and `variantsCount` show. */
export interface VariantTotalsView {
  priceRange: { min: MoneyView; max: MoneyView } | null
  totalInventory: number
  variantsCount: number
}

export function toTotalsView(summary: VariantSummary | null): VariantTotalsView {
  const { priceMin = null, priceMax = null, currencyCode = null } = summary ?? {}
  return {
    priceRange:
      priceMin === null || priceMax === null || !currencyCode
        ? null
        : { min: moneyView({ minor: priceMin, currencyCode }), max: moneyView({ minor: priceMax, currencyCode }) },
    totalInventory: summary?.inventoryTotal ?? 0,
    variantsCount: summary?.variantCount ?? 0,
  }
}

/** Reserved and available units of a variant: available is null when stock is not counted. */
export function inventoryAvailability(
  variant: Pick<VariantRecord, 'inventoryTracked' | 'inventoryQuantity'>,
  reserved: number,
): { inventoryReserved: number; inventoryAvailable: number | null } {
  return {
    inventoryReserved: reserved,
    inventoryAvailable: variant.inventoryTracked ? variant.inventoryQuantity - reserved : null,
  }
}
