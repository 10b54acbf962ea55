import { EVENT_POSITION, payloadType, mutationFields } from '../../shared/payloads.js'

// The variant mutations' inputs and payloads; the types they return are in variant-schema.ts.

const VARIANT_FIELDS = `
    "The price before a reduction, as a decimal string in the store currency; \\"\\" removes it on update."
    compareAtPrice: Decimal
    "What the variant costs the merchant, never shown to shoppers; \\"\\" removes it on update."
    cost: Decimal
    "Unique in the store; empty for none."
    sku: String
    barcode: String
    "Shipping weight; a value of 0 removes it."
    weight: WeightInput
    "One value for each option of the product, by option name."
    optionValues: [SelectedOptionInput!]
    "A media of the library shown for this variant; \\"\\" removes it."
    mediaId: ID`

/** The fields of a new variant, created with its product (ProductVariantInput) or added to one (ProductVariantCreateInput). */
const NEW_VARIANT_FIELDS = `
    "Price in the store currency as a decimal string, e.g. \\"19.99\\"."
    price: Decimal!
    ${VARIANT_FIELDS}
    "Whether stock is counted; true when omitted."
    inventoryTracked: Boolean
    "Stock at creation; 0 when omitted."
    inventoryQuantity: Int`

export const productVariantMutationTypeDefs = /* GraphQL */ `
  input SelectedOptionInput {
    name: String!
    value: String!
  }

  input WeightInput {
    value: Float!
    unit: WeightUnit!
  }

  input ProductOptionInput {
    name: String!
    "The values in order, e.g. [\\"S\\", \\"M\\", \\"L\\"]."
    values: [String!]!
  }

  "A new variant; only price is required."
  input ProductVariantInput {
    ${NEW_VARIANT_FIELDS}
  }

  extend input ProductCreateInput {
    "At most 3 options, each with at most 100 values."
    options: [ProductOptionInput!]
    "At most 100 variants, created with the product in the same write."
    variants: [ProductVariantInput!]
  }

  input ProductOptionAddInput {
    productId: ID!
    name: String!
    values: [String!]!
    "Where to insert the option, from 0; last when omitted. Existing variants take its first value."
    position: Int
  }

  input OptionValueRenameInput {
    from: String!
    to: String!
  }

  "Only the fields given change."
  input ProductOptionUpdateInput {
    productId: ID!
    id: ID!
    name: String
    "Moves the option to this place, from 0."
    position: Int
    "Values to rename; variants follow. Applied before values."
    renameValues: [OptionValueRenameInput!]
    "The whole new list in order: adds new values, removes values no variant uses, reorders."
    values: [String!]
  }

  input ProductOptionRemoveInput {
    productId: ID!
    id: ID!
  }

  input ProductVariantCreateInput {
    productId: ID!
    ${NEW_VARIANT_FIELDS}
  }

  "Only the fields given change; stock changes with productInventoryAdjust."
  input ProductVariantUpdateInput {
    productId: ID!
    id: ID!
    price: Decimal
    ${VARIANT_FIELDS}
    inventoryTracked: Boolean
  }

  "One variant of productVariantsBulkUpdate; only the fields given change."
  input ProductVariantsBulkUpdateItemInput {
    id: ID!
    price: Decimal
    ${VARIANT_FIELDS}
    inventoryTracked: Boolean
  }

  input ProductVariantDeleteInput {
    productId: ID!
    id: ID!
  }

  input ProductVariantsBulkCreateInput {
    productId: ID!
    "At most 100; all or none are created."
    variants: [ProductVariantInput!]!
  }

  input ProductVariantsBulkUpdateInput {
    productId: ID!
    "At most 100; all or none change."
    variants: [ProductVariantsBulkUpdateItemInput!]!
  }

  input ProductVariantsBulkDeleteInput {
    productId: ID!
    variantIds: [ID!]!
  }

  "The listed variants come first in the given order; the others keep their order after them."
  input ProductVariantsReorderInput {
    productId: ID!
    variantIds: [ID!]!
  }

  "Give exactly one of delta and setQuantity."
  input ProductInventoryAdjustInput {
    productId: ID!
    variantId: ID!
    "The change, e.g. 5 received or -2 damaged."
    delta: Int
    "The counted stock."
    setQuantity: Int
    reason: InventoryAdjustmentReason!
    "Shown in the audit log; required with OTHER."
    note: String
  }

  ${payloadType('ProductOptionAdd', ['product: Product', 'option: ProductOption'], {
    eventPosition: EVENT_POSITION.written,
  })}

  ${payloadType('ProductOptionUpdate', ['product: Product', 'option: ProductOption'], {
    eventPosition: EVENT_POSITION.unchanged,
  })}

  ${payloadType('ProductOptionRemove', ['product: Product', 'deletedId: ID!'])}

  ${payloadType('ProductVariantCreate', ['product: Product', 'variant: ProductVariant'])}

  ${payloadType('ProductVariantUpdate', ['product: Product', 'variant: ProductVariant'], {
    eventPosition: EVENT_POSITION.unchanged,
  })}

  ${payloadType('ProductVariantDelete', ['product: Product', 'deletedId: ID!'])}

  type ProductVariantsBulkCreatePayload {
    product: Product
    "The new variants, in the order given."
    variants: [ProductVariant!]!
    eventPosition: String
  }

  type ProductVariantsBulkUpdatePayload {
    product: Product
    "The variants named, in the order given."
    variants: [ProductVariant!]!
    eventPosition: String
  }

  ${payloadType('ProductVariantsBulkDelete', ['product: Product', 'deletedIds: [ID!]!'])}

  ${payloadType('ProductVariantsReorder', 'product: Product')}

  ${payloadType('ProductInventoryAdjust', ['product: Product', 'variant: ProductVariant'], {
    eventPosition: 'Log position of the write; null when the count matched the stock.',
  })}

  extend type Mutation {
    ${mutationFields({
      productOptionAdd: 'Adds an option to a product. Needs products:write.',
      productOptionUpdate:
        'Renames an option, renames, adds, removes or reorders its values, or moves it. Needs products:write.',
      productOptionRemove: 'Removes an option no variant needs to be told apart. Needs products:write.',
      productVariantCreate: 'Adds a variant to a product. Needs products:write.',
      productVariantUpdate: 'Changes the given fields of a variant. Needs products:write.',
      productVariantDelete: 'Deletes a variant and frees its SKU. Needs products:write.',
      productVariantsBulkCreate: 'Adds up to 100 variants to one product, all or nothing. Needs products:write.',
      productVariantsBulkUpdate: 'Changes up to 100 variants of one product, all or nothing. Needs products:write.',
      productVariantsBulkDelete: 'Deletes up to 100 variants of one product, all or nothing. Needs products:write.',
      productVariantsReorder: "Changes the order of a product's variants. Needs products:write.",
      productInventoryAdjust:
        "Changes a tracked variant's stock, with a reason the audit log shows. Needs products:write.",
    })}
  }
`
