import { z } from 'zod'
import { WEIGHT_UNITS } from '../../../domain/catalog/product/variant-events.js'
import { fromMinorUnits } from '../../../domain/catalog/product/money.js'
import type { AnyDb } from '../../../infra/database/database.js'
import {
  optionsOfProducts,
  variantsOfProducts,
  type MoneyValue,
  type OptionRecord,
  type VariantRecord,
} from '../../../projections/catalog/product/variant-queries.js'

const moneySchema = z.object({
  amount: z.string().describe('A decimal string with the currency\'s decimals, e.g. "19.99".'),
  currencyCode: z.string().describe('ISO 4217, e.g. USD.'),
})

export const productOptionSchema = z.object({
  id: z.string().describe('The option id, for update_product_option and remove_product_option.'),
  name: z.string(),
  position: z.number().int(),
  values: z.array(z.string()).describe('In the order shoppers see them.'),
})

export const productVariantSchema = z.object({
  id: z.string().describe('The variant id, for update_product_variant and adjust_inventory.'),
  title: z.string().describe('The option values in option order, e.g. "S / Red".'),
  sku: z.string().describe('Unique in the store; empty when not set.'),
  barcode: z.string(),
  price: moneySchema,
  compareAtPrice: moneySchema.nullable(),
  cost: moneySchema.nullable(),
  inventoryTracked: z.boolean(),
  inventoryQuantity: z.number().int().describe('Stock on hand; change it with adjust_inventory.'),
  weight: z.object({ value: z.number(), unit: z.enum(WEIGHT_UNITS) }).nullable(),
  optionValues: z.array(z.object({ name: z.string(), value: z.string() })),
  position: z.number().int(),
  mediaId: z.string().nullable().describe('The media shown for this variant; null when none.'),
})

export type CatalogJson = {
  options: z.infer<typeof productOptionSchema>[]
  variants: z.infer<typeof productVariantSchema>[]
}

const money = (value: MoneyValue) => ({
  amount: fromMinorUnits(value.minor, value.currencyCode),
  currencyCode: value.currencyCode,
})

function variantJson(variant: VariantRecord): z.infer<typeof productVariantSchema> {
  const {
    productId: _productId,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    price,
    compareAtPrice,
    cost,
    ...rest
  } = variant
  return {
    ...rest,
    price: money(price),
    compareAtPrice: compareAtPrice && money(compareAtPrice),
    cost: cost && money(cost),
  }
}

const optionJson = ({ productId: _productId, ...option }: OptionRecord) => option

/** The options and variants of each product, in two queries for the whole list. */
export async function catalogsJson(db: AnyDb, storeId: string, productIds: readonly string[]): Promise<CatalogJson[]> {
  const [options, variants] = await Promise.all([
    optionsOfProducts(db, storeId, productIds),
    variantsOfProducts(db, storeId, productIds),
  ])
  return productIds.map((_, index) => ({
    options: options[index]!.map(optionJson),
    variants: variants[index]!.map(variantJson),
  }))
}
