import { mutationFields } from '../../shared/payloads.js'

export const productBulkTypeDefs = /* GraphQL */ `
  "Why one item of a bulk call was not applied."
  type BulkItemError {
    "BAD_USER_INPUT, NOT_FOUND, CONFLICT … as for the single mutation."
    code: String!
    "What was wrong with the item and what to do."
    message: String!
    "Path into the bulk input, e.g. [\\"input\\", \\"items\\", \\"3\\", \\"handle\\"]: the item's index, then its field."
    field: [String!]!
  }

  "The outcome of one item of productsBulkCreate or productsBulkUpdate."
  type ProductBulkItemResult {
    "Position of the item in input.items, from 0."
    index: Int!
    "The product's id (a new product's for productsBulkCreate); null when the item failed."
    id: ID
    "The product as it is after the call; null when the item failed (or, rarely, when the read models lag behind)."
    product: Product
    "Empty when the item was applied."
    errors: [BulkItemError!]!
  }

  "The outcome of one item of productsBulkDelete."
  type ProductBulkDeleteItemResult {
    index: Int!
    "The deleted product's id; null when the item failed."
    deletedId: ID
    errors: [BulkItemError!]!
  }

  "At most 250 products to create; each is created or refused on its own."
  input ProductsBulkCreateInput {
    items: [ProductCreateInput!]!
  }

  "At most 250 updates, each with the product's id; each is applied or refused on its own."
  input ProductsBulkUpdateInput {
    items: [ProductUpdateInput!]!
  }

  "At most 250 products to delete; each is deleted or refused on its own."
  input ProductsBulkDeleteInput {
    items: [ProductDeleteInput!]!
  }

  type ProductsBulkCreatePayload {
    "One result per item, in input order."
    results: [ProductBulkItemResult!]!
    "How many items were applied."
    appliedCount: Int!
    "How many items were refused; their results carry the errors."
    failedCount: Int!
    "Log position of the last write; null when nothing was written."
    eventPosition: String
  }

  type ProductsBulkUpdatePayload {
    results: [ProductBulkItemResult!]!
    appliedCount: Int!
    failedCount: Int!
    eventPosition: String
  }

  type ProductsBulkDeletePayload {
    results: [ProductBulkDeleteItemResult!]!
    appliedCount: Int!
    failedCount: Int!
    eventPosition: String
  }

  extend type Mutation {
    ${mutationFields({
      productsBulkCreate:
        'Creates up to 250 products, each as productCreate would; failed items leave the others applied. Needs products:write.',
      productsBulkUpdate:
        'Updates up to 250 products, each as productUpdate would; failed items leave the others applied. Needs products:write.',
      productsBulkDelete:
        'Deletes up to 250 products, each as productDelete would; failed items leave the others applied. Needs products:write.',
    })}
  }
`
