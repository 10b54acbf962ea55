import { z } from 'zod'
import { wholeNumber } from '../../shared/input-types.js'
import { DECIMAL_PATTERN } from './money.js'
import {
  INVENTORY_REASONS,
  WEIGHT_UNITS,
  type InventoryReason,
  type OptionValue,
  type VariantFields,
  type Weight,
} from './variant-events.js'
import { OPTION_VALUES_MAX, OPTIONS_MAX, VARIANTS_MAX } from './variants.js'
import { strictInput } from '../../shared/strict-input.js'

export const OPTION_NAME_MAX_LENGTH = 255
export const OPTION_VALUE_MAX_LENGTH = 255
export const SKU_MAX_LENGTH = 255
export const BARCODE_MAX_LENGTH = 255
export const NOTE_MAX_LENGTH = 1000
/** Items one bulk call may hold. */
export const BULK_MAX = 100
/**
 * Stock of one variant, either way. A product's stock (`products.inventory_total`) is the sum over
 * its variants: VARIANTS_MAX of them at this limit stay within a Postgres integer.
 */
export const QUANTITY_LIMIT = 10_000_000

// Messages name the field and the rule, because agents and integrations act on them verbatim;
// the path of each issue becomes `extensions.field`, so schema keys are the input's field names.

const uuid = (name: string, what: string) =>
  z
    .uuid({
      error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be ${what} (a UUID)`),
    })
    .overwrite((id) => id.toLowerCase())

const productId = uuid('productId', 'a product id').describe('The product id (a UUID).')
const variantId = uuid('id', 'a variant id').describe('The variant id (a UUID).')
const optionId = uuid('id', 'an option id').describe("The option id (a UUID), from the product's options.")

const text = (name: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .trim()
    .max(max, `${name} must be at most ${max} characters`)

const optionName = text('name', OPTION_NAME_MAX_LENGTH)
  .min(1, 'name must not be empty')
  .describe('The option name, e.g. "Size".')
const optionValue = text('value', OPTION_VALUE_MAX_LENGTH).min(1, 'an option value must not be empty')

const optionValues = z
  .array(optionValue, { error: 'values must be a list of strings' })
  .min(1, 'an option needs at least one value')
  .max(OPTION_VALUES_MAX, `an option may have at most ${OPTION_VALUES_MAX} values`)
  .superRefine((values, ctx) => {
    values.forEach((value, index) => {
      if (values.indexOf(value) !== index)
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: `value '${value}' is listed twice; list each value once`,
        })
    })
  })
  .describe('The values in the order shoppers see them, e.g. ["S", "M", "L"].')

/** A decimal amount in the store's currency, e.g. "19.99"; checked against the currency's decimals when the command is prepared. */
const money = (name: string) =>
  z
    .string({ error: `${name} must be a decimal string like "19.99"` })
    .trim()
    .regex(
      DECIMAL_PATTERN,
      `${name} must be a decimal string like "19.99" (digits, optionally a dot and decimals, no sign)`,
    )
    .describe(`${name} in the store's currency as a decimal string, e.g. "19.99".`)

/** As `money`, and an empty string removes the amount. */
const clearableMoney = (name: string) =>
  z
    .string({ error: `${name} must be a decimal string like "19.99", or "" to remove it` })
    .trim()
    .regex(
      new RegExp(`^(?:${DECIMAL_PATTERN.source.slice(1, -1)})?$`),
      `${name} must be a decimal string like "19.99", or "" to remove it`,
    )
    .describe(`${name} in the store's currency as a decimal string, e.g. "24.99"; "" removes it.`)

const sku = text('sku', SKU_MAX_LENGTH).describe('Stock keeping unit, unique in the store; empty for none.')
const barcode = text('barcode', BARCODE_MAX_LENGTH).describe('ISBN, UPC, GTIN or any other barcode; empty for none.')
const quantity = (name: string) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(-QUANTITY_LIMIT, `${name} must be at least -${QUANTITY_LIMIT}`)
    .max(QUANTITY_LIMIT, `${name} must be at most ${QUANTITY_LIMIT}`)

const weight = z
  .strictObject({
    value: z
      .number({ error: 'weight value must be a number' })
      .min(0, 'weight value must be 0 or more')
      .max(1_000_000, 'weight value must be at most 1000000')
      .describe('The weight in unit; 0 removes the weight.'),
    unit: z.enum(WEIGHT_UNITS, { error: `weight unit must be one of ${WEIGHT_UNITS.join(', ')}` }),
  })
  .describe('Shipping weight, e.g. {"value": 0.3, "unit": "KG"}.')

const variantOptionValues = z
  .array(
    z.strictObject({ name: text('name', OPTION_NAME_MAX_LENGTH), value: text('value', OPTION_VALUE_MAX_LENGTH) }),
    {
      error: 'optionValues must be a list of {name, value}',
    },
  )
  .max(OPTIONS_MAX, `optionValues may name at most ${OPTIONS_MAX} options`)
  .describe('One value for each option of the product, by option name, e.g. [{"name": "Size", "value": "S"}].')

const mediaId = z
  .union([z.literal(''), uuid('mediaId', 'a media id')], { error: 'mediaId must be a media id (a UUID)' })
  .describe('A media of the library shown for this variant (upload_image returns ids); "" removes it.')

/** Fields of a new variant; only price is required. Shared by productCreate and the variant commands. */
export const variantCreateShape = {
  price: money('price'),
  compareAtPrice: money('compareAtPrice').nullish(),
  cost: money('cost')
    .nullish()
    .describe('What the variant costs the merchant, in the store currency; never shown to shoppers.'),
  sku: sku.nullish(),
  barcode: barcode.nullish(),
  inventoryTracked: z
    .boolean({ error: 'inventoryTracked must be true or false' })
    .nullish()
    .describe('Whether stock is counted; true when omitted.'),
  inventoryQuantity: quantity('inventoryQuantity')
    .nullish()
    .describe('Stock on hand at creation; 0 when omitted. Change it later with productInventoryAdjust.'),
  weight: weight.nullish(),
  optionValues: variantOptionValues.nullish(),
  mediaId: mediaId.nullish(),
}

const variantUpdateShape = {
  price: money('price').nullish(),
  compareAtPrice: clearableMoney('compareAtPrice').nullish(),
  cost: clearableMoney('cost').nullish(),
  sku: sku.nullish(),
  barcode: barcode.nullish(),
  inventoryTracked: z
    .boolean({ error: 'inventoryTracked must be true or false' })
    .nullish()
    .describe('Whether stock is counted.'),
  weight: weight.nullish(),
  optionValues: variantOptionValues.nullish(),
  mediaId: mediaId.nullish(),
}

/** An option of productCreate. */
export const optionCreateInput = strictInput('an option', { name: optionName, values: optionValues })
/** A variant of productCreate and productVariantsBulkCreate. */
export const variantCreateInput = strictInput('a variant', variantCreateShape)

export const productOptionsCreateList = z
  .array(optionCreateInput, { error: 'options must be a list of {name, values}' })
  .max(OPTIONS_MAX, `a product may have at most ${OPTIONS_MAX} options`)
  .superRefine((options, ctx) => {
    const names = options.map((o) => o.name.toLowerCase())
    names.forEach((name, index) => {
      if (names.indexOf(name) !== index)
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `option '${options[index]!.name}' is listed twice; option names must differ`,
        })
    })
  })
  .describe('Options such as Size or Color, each with its values in order.')

export const productVariantsCreateList = z
  .array(variantCreateInput, { error: 'variants must be a list of variants' })
  .max(VARIANTS_MAX, `a product may have at most ${VARIANTS_MAX} variants`)
  .describe('The sellable combinations of option values, each with its price.')

const positionField = wholeNumber('position', { min: 0 })

export const productOptionAddInput = strictInput('productOptionAdd', {
  productId,
  name: optionName,
  values: optionValues,
  position: positionField.nullish().describe('Where to insert the option, from 0; last when omitted.'),
})

export const productOptionUpdateInput = strictInput('productOptionUpdate', {
  productId,
  id: optionId,
  name: optionName.nullish().describe('A new name for the option.'),
  position: positionField.nullish().describe('Moves the option to this place, from 0.'),
  renameValues: z
    .array(z.strictObject({ from: optionValue, to: optionValue }), {
      error: 'renameValues must be a list of {from, to}',
    })
    .max(OPTION_VALUES_MAX, `renameValues may hold at most ${OPTION_VALUES_MAX} renames`)
    .nullish()
    .describe('Values to rename; variants with the old value get the new one. Applied before values.'),
  values: optionValues
    .nullish()
    .describe('The whole new list of values in order: adds new ones, removes unused ones left out, reorders.'),
})

export const productOptionRemoveInput = strictInput('productOptionRemove', { productId, id: optionId })

export const productVariantCreateInput = strictInput('productVariantCreate', { productId, ...variantCreateShape })
export const productVariantUpdateInput = strictInput('productVariantUpdate', {
  productId,
  id: variantId,
  ...variantUpdateShape,
})
export const productVariantDeleteInput = strictInput('productVariantDelete', { productId, id: variantId })

export const productVariantsBulkCreateInput = strictInput('productVariantsBulkCreate', {
  productId,
  variants: z
    .array(variantCreateInput, { error: 'variants must be a list of variants' })
    .min(1, 'variants must hold at least one variant')
    .max(BULK_MAX, `variants may hold at most ${BULK_MAX} variants per call`),
})

export const productVariantsBulkUpdateInput = strictInput('productVariantsBulkUpdate', {
  productId,
  variants: z
    .array(strictInput('a variant', { id: variantId, ...variantUpdateShape }), {
      error: 'variants must be a list of variants',
    })
    .min(1, 'variants must hold at least one variant')
    .max(BULK_MAX, `variants may hold at most ${BULK_MAX} variants per call`),
})

const variantIds = z
  .array(uuid('each variant id', 'a variant id'), {
    error: (issue) =>
      issue.input === undefined ? 'variantIds is required' : 'variantIds must be a list of variant ids',
  })
  .min(1, 'variantIds must name at least one variant')
  .max(BULK_MAX, `variantIds may name at most ${BULK_MAX} variants per call`)

export const productVariantsBulkDeleteInput = strictInput('productVariantsBulkDelete', { productId, variantIds })
export const productVariantsReorderInput = strictInput('productVariantsReorder', {
  productId,
  variantIds: variantIds.describe(
    'The listed variants come first, in this order; the others keep their order after them.',
  ),
})

export const productInventoryAdjustInput = strictInput('productInventoryAdjust', {
  productId,
  variantId: uuid('variantId', 'a variant id').describe('The variant whose stock changes.'),
  delta: quantity('delta')
    .refine((n) => n !== 0, 'delta must not be 0')
    .nullish()
    .describe('Change of the stock: +5 received, -2 damaged.'),
  setQuantity: quantity('setQuantity')
    .nullish()
    .describe('The counted stock, when you know the new level rather than the change.'),
  reason: z
    .enum(INVENTORY_REASONS, { error: `reason must be one of ${INVENTORY_REASONS.join(', ')}` })
    .describe('Why the stock changed; shown in the audit log.'),
  note: text('note', NOTE_MAX_LENGTH)
    .nullish()
    .describe('Free text for the audit log, e.g. a delivery number; required with reason OTHER.'),
})

export type Path = readonly (string | number)[]

/** A variant to create, its money in minor units; `field` is the path of its input, for errors. */
export type VariantDraft = Omit<VariantFields, 'optionValues'> & { optionValues: OptionValue[] | null; field: Path }

/** The fields of a variant to change, money in minor units (null: removed); `field` is the path of its input. */
export type VariantPatch = {
  variantId: string
  field: Path
  currencyCode: string
  price?: number
  compareAtPrice?: number | null
  cost?: number | null
  sku?: string
  barcode?: string
  inventoryTracked?: boolean
  weight?: Weight | null
  optionValues?: OptionValue[]
  mediaId?: string | null
}

export type OptionDraft = { optionId: string; name: string; values: string[] }

/** What productCreate may bring besides the product's fields: its options and variants, ids and money resolved. */
export type CatalogDraft = { options: OptionDraft[]; variants: VariantDraft[] }

type Command<Type extends string, Data extends object> = { type: Type; data: { productId: string } & Data }

export type ProductOptionAdd = Command<'ProductOptionAdd', OptionDraft & { position: number | null }>
export type ProductOptionUpdate = Command<
  'ProductOptionUpdate',
  {
    optionId: string
    name?: string
    position?: number
    renameValues?: { from: string; to: string }[]
    values?: string[]
  }
>
export type ProductOptionRemove = Command<'ProductOptionRemove', { optionId: string }>
export type ProductVariantsCreate = Command<'ProductVariantsCreate', { variants: VariantDraft[] }>
export type ProductVariantsUpdate = Command<'ProductVariantsUpdate', { variants: VariantPatch[] }>
/** `fields[i]` is the input path of `variantIds[i]`, for errors. */
export type ProductVariantsDelete = Command<'ProductVariantsDelete', { variantIds: string[]; fields: Path[] }>
export type ProductVariantsReorder = Command<'ProductVariantsReorder', { variantIds: string[] }>
export type ProductInventoryAdjust = Command<
  'ProductInventoryAdjust',
  { variantId: string; delta: number | null; setQuantity: number | null; reason: InventoryReason; note: string }
>

export type ProductVariantCommand =
  | ProductOptionAdd
  | ProductOptionUpdate
  | ProductOptionRemove
  | ProductVariantsCreate
  | ProductVariantsUpdate
  | ProductVariantsDelete
  | ProductVariantsReorder
  | ProductInventoryAdjust
