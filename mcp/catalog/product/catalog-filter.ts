import { z } from 'zod'
import { stringFilter } from '../../shared/lists.js'

const decimal = z.string().describe('A decimal amount in the store\'s currency, e.g. "19.99".')

/** GraphQL's catalog fields of `ProductFilter` (projections/catalog/product/filters.ts), for list_products. */
export const catalogFilterShape = {
  price: z
    .strictObject({ min: decimal.nullish(), max: decimal.nullish() })
    .nullish()
    .describe('Some variant costs within the range (both ends inclusive); products without variants never match.'),
  inventory: z
    .strictObject({ min: z.number().int().nullish(), max: z.number().int().nullish() })
    .nullish()
    .describe('Total stock of the tracked variants, both ends inclusive.'),
  category: z
    .strictObject({
      id: z.string().describe('The category id.'),
      includeDescendants: z.boolean().nullish().describe('Also the categories below it; true when omitted.'),
    })
    .nullish()
    .describe('Products assigned to the category.'),
  attributes: z
    .array(
      z.strictObject({
        code: z.string().describe('The attribute code.'),
        in: z.array(z.string()).nullish().describe('Text values or option codes, any of them.'),
        range: z
          .strictObject({ min: z.string().nullish(), max: z.string().nullish() })
          .nullish()
          .describe('Numbers ("10.5") or dates ("2026-01-31"), both ends inclusive.'),
        eq: z.boolean().nullish().describe('Yes/no attributes.'),
      }),
    )
    .nullish()
    .describe('Every condition must hold, each on its own attribute.'),
  sku: stringFilter
    .nullish()
    .describe('SKUs of the variants: eq and in match whole SKUs, contains and startsWith ignore case.'),
}
