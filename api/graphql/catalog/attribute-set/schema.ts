import { LIST_ARGS, connectionTypeDefs } from '../../shared/schema.js'

export const attributeSetTypeDefs = /* GraphQL */ `
  "Order of an attribute set list; ties are broken by id."
  enum AttributeSetSort {
    NAME_ASC
    NAME_DESC
    CREATED_AT_ASC
    CREATED_AT_DESC
    UPDATED_AT_ASC
    UPDATED_AT_DESC
  }

  "A titled group of a set's attributes."
  type AttributeSetSection {
    name: String!
    "Place of the section in the set, from 0."
    position: Int!
    "In display order; deleted attributes are left out."
    attributes: [Attribute!]!
  }

  "A named group of attributes laid out in sections, e.g. Clothing. A product belongs to at most one set and must have values for its required attributes."
  type AttributeSet {
    id: ID!
    name: String!
    sections: [AttributeSetSection!]!
    "Every attribute of the set, section by section."
    attributes: [Attribute!]!
    createdAt: DateTime!
    updatedAt: DateTime!
    revision: Int!
  }

  ${connectionTypeDefs('AttributeSet')}

  input AttributeSetFilter {
    name: StringFilter
    "Sets holding this attribute."
    attributeId: ID
    and: [AttributeSetFilter!]
    or: [AttributeSetFilter!]
  }

  extend type Query {
    "One attribute set; NOT_FOUND when the store has no such set."
    attributeSet(id: ID!): AttributeSet
    "The store's attribute sets."
    attributeSets(${LIST_ARGS}
      filter: AttributeSetFilter
      sort: AttributeSetSort = NAME_ASC
    ): AttributeSetConnection!
  }
`
