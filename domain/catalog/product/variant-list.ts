import { defineList, filter } from '../../shared/list-spec.js'

/** The store's variants as a list, or one product's (GraphQL `productVariants`). */
export const PRODUCT_VARIANT_LIST = defineList({
  name: 'ProductVariant',
  filters: {
    sku: filter.string(),
    barcode: filter.string(),
    inventoryQuantity: filter.intRange(),
  },
  sorts: ['POSITION', 'SKU', 'TITLE', 'PRICE', 'INVENTORY_QUANTITY', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'CREATED_AT_DESC',
  filterDescription: 'Conditions on variants; all given fields must hold. and/or combine nested filters.',
  sortDescription: 'Order of a variant list; ties are broken by id so cursors never skip or repeat.',
})
