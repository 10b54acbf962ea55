import { COLLECTION_LIST } from '../../../../domain/webstore/collection/list.js'
import { resourceReadTypeDefs } from '../../shared/list-sdl.js'
import { LIST_ARGS } from '../../shared/schema.js'
import { historyField } from '../../shared/history.js'
import { seoTypeDefs } from '../../shared/seo.js'
import { titleAndHandleFields } from '../../shared/handle.js'

/** SDL of collections; their inputs, payloads and mutations come from the command definitions. */
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

  ${seoTypeDefs('Collection', { of: 'a collection', generatedInput: true })}

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
`
