import { PRODUCT_LIST } from '../../../../domain/catalog/product/list.js'
import { listField, listTypeDefs } from '../../shared/list-sdl.js'
import { connectionTypeDefs } from '../../shared/schema.js'
import { EVENT_POSITION, deletePayloadType, payloadType, mutationFields } from '../../shared/payloads.js'

export const productTypeDefs = /* GraphQL */ `
  "DRAFT: being prepared, never shown to shoppers. ACTIVE: on sale. ARCHIVED: kept for history."
  enum ProductStatus {
    DRAFT
    ACTIVE
    ARCHIVED
  }

  "A product of the store's catalog."
  type Product {
    id: ID!
    "The name shown to shoppers; in locale when given, falling back to the store's default locale."
    title(locale: Locale): String!
    "The URL name, unique in the store."
    handle: String!
    description(locale: Locale): String!
    status: ProductStatus!
    "The brand or maker; empty when not set."
    vendor: String!
    tags: [String!]!
    createdAt: DateTime!
    updatedAt: DateTime!
    "Revision of the product's stream after its last change (0 after creation)."
    revision: Int!
  }

  ${connectionTypeDefs('Product')}

  "any: has at least one of the tags. all: has every one of them."
  input TagsFilter {
    any: [String!]
    all: [String!]
  }

  ${listTypeDefs(PRODUCT_LIST)}

  input ProductCreateInput {
    title: String!
    "Generated from the title when omitted (red-shirt, then red-shirt-2 when taken)."
    handle: String
    description: String
    "ACTIVE when omitted."
    status: ProductStatus
    vendor: String
    tags: [String!]
  }

  "Only the fields given change; the rest stay as they are."
  input ProductUpdateInput {
    id: ID!
    title: String
    handle: String
    description: String
    status: ProductStatus
    vendor: String
    "Replaces the whole list."
    tags: [String!]
  }

  input ProductDeleteInput {
    id: ID!
  }

  ${payloadType('ProductCreate', 'product: Product', { eventPosition: EVENT_POSITION.written })}

  ${payloadType('ProductUpdate', 'product: Product', { eventPosition: EVENT_POSITION.unchanged })}

  ${deletePayloadType('ProductDelete')}

  extend type Query {
    "One product by id or by handle; NOT_FOUND when the store has no such product."
    product(
      id: ID
      handle: String
      "The product as it was at this instant, folded from its events (with id only); NOT_FOUND if it did not exist then."
      asOf: DateTime
    ): Product
    ${listField('products', PRODUCT_LIST, "The store's products.")}
  }

  extend type Mutation {
    ${mutationFields({
      productCreate: 'Creates a product. Needs products:write.',
      productUpdate: 'Changes the given fields of a product. Needs products:write.',
      productDelete: 'Deletes a product and frees its handle. Needs products:write.',
    })}
  }
`
