import { COLLECTION_LIST } from '../../../../domain/webstore/collection/list.js'
import { resourceReadTypeDefs } from '../../shared/list-sdl.js'
import { LIST_ARGS } from '../../shared/schema.js'
import { historyField } from '../../shared/history.js'
import { seoTypeDefs } from '../../shared/seo.js'
import { titleAndHandleFields } from '../../shared/handle.js'
import { changedEntityPayloads, deletePayloadType, mutationFields } from '../../shared/payloads.js'

/** Mutations whose payload is the changed collection: `<Name>Payload {collection, eventPosition}`. */
const COLLECTION_PAYLOADS = [
  'CollectionCreate',
  'CollectionUpdate',
  'CollectionProductsAdd',
  'CollectionProductsRemove',
  'CollectionProductsReorder',
]

export const collectionTypeDefs = /* GraphQL */ `
  "MANUAL: the merchant picks and orders the products; SMART: rules pick them and membership follows every product change."
  enum CollectionType {
    MANUAL
    SMART
  }

  "DRAFT: hidden from shoppers; PUBLISHED: on the storefront."
  enum CollectionStatus {
    DRAFT
    PUBLISHED
  }

  "How a collection orders its products. MANUAL is the merchant's order, for MANUAL collections only."
  enum CollectionSortOrder {
    MANUAL
    TITLE_ASC
    TITLE_DESC
    "By the lowest variant price."
    PRICE_ASC
    PRICE_DESC
    CREATED_ASC
    CREATED_DESC
  }

  "The product fact a smart collection rule looks at."
  enum CollectionRuleField {
    "Any of the product's tags."
    TAG
    TITLE
    VENDOR
    "Any variant's price, as an amount in the store currency (\\"49.99\\")."
    PRICE
    "The total stock of the variants whose inventory is tracked."
    INVENTORY
    "The values of the attribute named by attributeCode."
    ATTRIBUTE
    "Direct assignment to the category whose id is the value."
    CATEGORY
    "The product status: DRAFT, ACTIVE or ARCHIVED."
    PRODUCT_STATUS
  }

  "How a rule compares. Text compares ignoring case; GREATER_THAN and LESS_THAN compare numbers."
  enum CollectionRuleRelation {
    EQUALS
    NOT_EQUALS
    CONTAINS
    NOT_CONTAINS
    STARTS_WITH
    ENDS_WITH
    GREATER_THAN
    LESS_THAN
  }

  "One condition of a smart collection."
  type CollectionRule {
    field: CollectionRuleField!
    relation: CollectionRuleRelation!
    "What the fact is compared with, as text."
    value: String!
    "The attribute code of an ATTRIBUTE rule; null for other fields."
    attributeCode: String
  }

  "One condition, e.g. {field: TAG, relation: EQUALS, value: \\"summer\\"}."
  input CollectionRuleInput {
    field: CollectionRuleField!
    relation: CollectionRuleRelation!
    "PRICE: an amount (\\"49.99\\"); INVENTORY: a whole number; CATEGORY: a category id; PRODUCT_STATUS: DRAFT, ACTIVE or ARCHIVED; text otherwise."
    value: String!
    "Required for ATTRIBUTE rules, refused for the others."
    attributeCode: String
  }

  ${seoTypeDefs('Collection', { of: 'a collection' })}

  "A group of products shown together on the storefront at /collections/<handle>."
  type Collection {
    id: ID!
    ${titleAndHandleFields('in the store')}
    "Sanitized HTML."
    description(locale: Locale): String!
    "The collection image from the media library; null when none."
    image: Media
    seo: CollectionSeo!
    status: CollectionStatus!
    "When it was last published; null while DRAFT."
    publishedAt: DateTime
    type: CollectionType!
    "SMART only: the conditions products must meet; empty for MANUAL collections."
    rules: [CollectionRule!]!
    "SMART only: true when ANY rule suffices, false when ALL must hold."
    disjunctive: Boolean!
    sortOrder: CollectionSortOrder!
    "The products, every status unless filtered; a SMART collection's follow its rules as products change."
    products(${LIST_ARGS}
      filter: ProductFilter
      "Without a sort, the collection's own order (sortOrder: its manual positions, or the smart order)."
      sort: ProductSort
    ): ProductConnection!
    "How many products the collection holds now."
    productsCount: Int!
    ${historyField('Every change of this collection, newest first, with its actor and time.')}
    "The collection's own events so far, minus one (0 after creation)."
    revision: Int!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  input CollectionCreateInput {
    title: String!
    "Generated from the title when omitted (summer-sale, then summer-sale-2 when taken)."
    handle: String
    "HTML; scripts, event handlers and styles are removed."
    description: String
    "A media id of the media library."
    imageId: ID
    seo: CollectionSeoInput
    "PUBLISHED when omitted."
    status: CollectionStatus
    "SMART when rules are given, else MANUAL. Cannot change later."
    type: CollectionType
    "SMART collections: at least one rule."
    rules: [CollectionRuleInput!]
    "SMART collections: true for ANY rule, false (default) for ALL."
    disjunctive: Boolean
    "MANUAL for MANUAL collections, CREATED_DESC for SMART ones, when omitted."
    sortOrder: CollectionSortOrder
  }

  "Only the fields given change; the rest stay as they are."
  input CollectionUpdateInput {
    id: ID!
    title: String
    handle: String
    description: String
    "A media id; an empty string removes the image."
    imageId: ID
    seo: CollectionSeoInput
    status: CollectionStatus
    "SMART only: the whole new rule list; membership is re-evaluated at once."
    rules: [CollectionRuleInput!]
    disjunctive: Boolean
    sortOrder: CollectionSortOrder
  }

  input CollectionDeleteInput {
    id: ID!
  }

  input CollectionProductsAddInput {
    collectionId: ID!
    productIds: [ID!]!
    "Where to insert them among the collection's products, from 0; last when omitted."
    position: Int
  }

  input CollectionProductsRemoveInput {
    collectionId: ID!
    productIds: [ID!]!
  }

  input CollectionProductsReorderInput {
    collectionId: ID!
    "The listed products come first, in this order; the others keep their order after them."
    productIds: [ID!]!
  }

  ${changedEntityPayloads('Collection', COLLECTION_PAYLOADS)}

  ${deletePayloadType('CollectionDelete')}

  extend type Product {
    "The collections the product belongs to now (manual picks and smart matches), by title."
    collections: [Collection!]!
  }

  ${resourceReadTypeDefs(COLLECTION_LIST, {
    one: {
      name: 'collection',
      args: 'id: ID, handle: String',
      doc: 'One collection by id or handle. NOT_FOUND when the store has no such collection.',
    },
    list: { name: 'collections', doc: "The store's collections." },
  })}

  extend type Mutation {
    ${mutationFields({
      collectionCreate: 'Creates a MANUAL or SMART collection. Needs webstore:write.',
      collectionUpdate:
        'Changes the given fields of a collection; new rules re-evaluate its products at once. Needs webstore:write.',
      collectionDelete: 'Deletes a collection; its products stay in the catalog. Needs webstore:write.',
      collectionProductsAdd: 'Adds products to a MANUAL collection at a position. Needs webstore:write.',
      collectionProductsRemove: 'Takes products out of a MANUAL collection. Needs webstore:write.',
      collectionProductsReorder: "Sets the order of a MANUAL collection's products. Needs webstore:write.",
    })}
  }
`
