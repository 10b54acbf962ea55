import { z } from 'zod'
import { entityId, jsonInput } from '../../shared/input-types.js'
import { strictInput } from '../../shared/strict-input.js'
import { attributeCode } from '../attribute/commands.js'
import type { AttributeFields } from '../attribute/events.js'
import type { SetFacts } from '../attribute/values.js'
import type { AttributeRef } from './attribute-events.js'

export const PRODUCT_ATTRIBUTE_VALUES_MAX = 250

// Inputs.

const productId = entityId('product', 'productId').describe('The product id (a UUID).')

/** `{code, value}` with the value's JSON by the attribute's type (see values.ts). */
export const attributeValuesInput = z
  .array(
    z.strictObject({
      code: attributeCode,
      value: jsonInput('value').describe(
        'By type: TEXT/RICH_TEXT a string, NUMBER a number, BOOLEAN true/false, DATE "YYYY-MM-DD", SELECT an option code, MULTISELECT a list of option codes, COLOR "#rrggbb", MEDIA a media id.',
      ),
    }),
    { error: 'must be a list of {code, value}' },
  )
  .max(PRODUCT_ATTRIBUTE_VALUES_MAX, `at most ${PRODUCT_ATTRIBUTE_VALUES_MAX} values per call`)

export const productAttributesSetInput = strictInput('productAttributesSet', {
  productId,
  values: attributeValuesInput
    .min(1, 'values must name at least one attribute')
    .describe('The values to set; attributes not listed keep theirs.'),
})
export const productAttributesRemoveInput = strictInput('productAttributesRemove', {
  productId,
  // Each code is looked up on its own: an unbounded list would be one request doing thousands of reads.
  codes: z
    .array(attributeCode, { error: 'codes must be a list of attribute codes' })
    .min(1, 'codes must name at least one attribute')
    .max(PRODUCT_ATTRIBUTE_VALUES_MAX, `at most ${PRODUCT_ATTRIBUTE_VALUES_MAX} codes per call`),
})
export const productAttributeSetChangeInput = strictInput('productAttributeSetChange', {
  productId,
  attributeSetId: z
    .uuid({ error: 'attributeSetId must be an attribute set id (a UUID) or null' })
    .overwrite((id) => id.toLowerCase())
    // GraphQL's contract: null or omitted takes the product out of any set.
    .nullish()
    .describe('The new set; null or omitted takes the product out of any set.'),
  dropValues: z
    .boolean({ error: 'dropValues must be true or false' })
    .nullish()
    .describe('Confirms dropping the values of attributes the new set does not hold.'),
  values: attributeValuesInput
    .nullish()
    .describe("Values to set in the same write, e.g. the new set's required attributes."),
})

// Commands: codes resolved by `prepare`, with the definitions and the set they are checked against.

/** A value to write, its code resolved to the attribute. */
export type ValueWrite = { attributeId: string; value: unknown }
/** The set of the write (the product's, or the new one) and the definitions of every attribute involved. */
export type AttributeFacts = { set: SetFacts | null; attributes: AttributeFields[] }

export type ProductAttributesSet = {
  type: 'ProductAttributesSet'
  data: { productId: string; values: ValueWrite[] }
  facts: AttributeFacts
}
export type ProductAttributesRemove = {
  type: 'ProductAttributesRemove'
  data: { productId: string; attributes: AttributeRef[] }
  facts: AttributeFacts
}
export type ProductAttributeSetChange = {
  type: 'ProductAttributeSetChange'
  data: { productId: string; attributeSetId: string | null; dropValues: boolean; values: ValueWrite[] }
  facts: AttributeFacts
}
export type ProductAttributeCommand = ProductAttributesSet | ProductAttributesRemove | ProductAttributeSetChange

/** What productCreate may carry: the set to join and the first values, checked like productAttributeSetChange. */
export type AttributesOnCreate = { attributeSetId: string | null; values: ValueWrite[]; facts: AttributeFacts }
