import { z } from 'zod'
import { defineList, filter } from '../../shared/list-spec.js'
import { PRODUCT_STATUSES } from './events.js'

/** Products in a category, and by default in every category below it (`ProductCategoryFilter`). */
export interface CategoryFilter {
  id: string
  includeDescendants?: boolean | null
}

/** `range` of an attribute: numbers (`"10"`, `"2.5"`) or dates (`"2026-01-31"`), both ends inclusive. */
export interface AttributeRange {
  min?: string | null
  max?: string | null
}

/**
 * One attribute condition (`ProductAttributeFilter`): `in` matches text values and option codes,
 * `range` numbers and dates, `eq` yes/no attributes. The operators given must all hold on the
 * same attribute.
 */
export interface AttributeFilter {
  code: string
  in?: readonly string[] | null
  range?: AttributeRange | null
  eq?: boolean | null
}

const categoryFilter: z.ZodType<CategoryFilter> = z.strictObject({
  id: z.string().describe('The category id.'),
  includeDescendants: z.boolean().nullish().describe('Also the categories below it; true when omitted.'),
})

const attributeFilter: z.ZodType<AttributeFilter> = z.strictObject({
  code: z.string().describe('The attribute code.'),
  in: z.array(z.string()).nullish().describe('Text values or option codes, any of them.'),
  range: z
    .strictObject({ min: z.string().nullish(), max: z.string().nullish() })
    .nullish()
    .describe('Numbers ("10.5") or dates ("2026-01-31"), both ends inclusive.'),
  eq: z.boolean().nullish().describe('Yes/no attributes.'),
})

/**
 * The store's products as a list (GraphQL `products`, `Category.products`,
 * `Collection.products` and `productFacets`, MCP `list_products`, the storefront's lists):
 * the product's own fields, and the catalog ones over its variants, categories and attributes.
 */
export const PRODUCT_LIST = defineList({
  name: 'Product',
  filters: {
    title: filter.string(),
    handle: filter.string(),
    vendor: filter.string(),
    status: filter.enumList('ProductStatus', PRODUCT_STATUSES),
    tags: filter.tags(),
    createdAt: filter.dateRange(),
    updatedAt: filter.dateRange(),
    search: filter.search(
      'Full text over title, handle, vendor, tags and description; every word must match, the last as a prefix.',
    ),
    price: filter.moneyRange(
      "Some variant's price lies in the range (the product's lowest to highest price overlaps it). Products without variants never match.",
    ),
    inventory: filter.intRange('Total inventory of the tracked variants.'),
    category: filter.custom('ProductCategoryFilter', categoryFilter),
    attributes: filter.custom(
      '[ProductAttributeFilter!]',
      z.array(attributeFilter),
      'Every condition must hold, each on its own attribute.',
    ),
    sku: filter.string(
      "SKUs of the product's variants: eq and in match a whole SKU, contains and startsWith ignore case.",
    ),
  },
  sorts: ['TITLE', 'HANDLE', 'CREATED_AT', 'UPDATED_AT', 'PRICE', 'INVENTORY'],
  defaultSort: 'CREATED_AT_DESC',
  filterDescription: 'Conditions on products; all given fields must hold. and/or combine nested filters.',
  sortDescription: 'Order of a product list; ties are broken by id so cursors never skip or repeat.',
  sortValueDescriptions: {
    PRICE_ASC: 'By lowest variant price; products without variants first.',
    PRICE_DESC: 'By lowest variant price, dearest first; products without variants last.',
    INVENTORY_ASC: 'By total tracked inventory.',
  },
})
