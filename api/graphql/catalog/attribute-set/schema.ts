import { LIST_ARGS, connectionTypeDefs } from '../../shared/schema.js'

/** Attribute set mutations answering with the set as the read model shows it after the write. */
export const ATTRIBUTE_SET_MUTATIONS = [
  ['attributeSetCreate', 'Creates an attribute set.'],
  ['attributeSetUpdate', 'Renames a set or replaces its whole layout.'],
  ['attributeSetAttributeAdd', 'Adds an attribute, by code, to a section of the set.'],
  ['attributeSetAttributeRemove', 'Takes an attribute, by code, out of the set.'],
  ['attributeSetAttributeReorder', 'Puts the listed attributes first in their section, in that order.'],
] as const

const typeName = (name: string) => `${name[0]!.toUpperCase()}${name.slice(1)}`

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

  input AttributeSetSectionInput {
    name: String!
    "Attribute codes, in display order."
    attributeCodes: [String!]!
  }

  input AttributeSetCreateInput {
    name: String!
    sections: [AttributeSetSectionInput!]
  }

  input AttributeSetUpdateInput {
    id: ID!
    name: String
    "Replaces the whole layout; attributes left out leave the set."
    sections: [AttributeSetSectionInput!]
  }

  input AttributeSetDeleteInput {
    id: ID!
  }

  input AttributeSetAttributeAddInput {
    id: ID!
    "The attribute's code."
    code: String!
    "General when omitted; created last when new."
    section: String
    "Where in the section, from 0; last when omitted."
    position: Int
  }

  input AttributeSetAttributeRemoveInput {
    id: ID!
    code: String!
  }

  input AttributeSetAttributeReorderInput {
    id: ID!
    "General when omitted."
    section: String
    codes: [String!]!
  }

  ${ATTRIBUTE_SET_MUTATIONS.map(
    ([name]) => `
  type ${typeName(name)}Payload {
    attributeSet: AttributeSet
    "Log position of the write; null when nothing changed."
    eventPosition: String
  }`,
  ).join('\n')}

  type AttributeSetDeletePayload {
    deletedId: ID!
    eventPosition: String
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

  extend type Mutation {
${ATTRIBUTE_SET_MUTATIONS.map(([name, doc]) => `    "${doc} Needs products:write."\n    ${name}(input: ${typeName(name)}Input!): ${typeName(name)}Payload!`).join('\n')}
    "Deletes a set; refused while products belong to it. Needs products:write."
    attributeSetDelete(input: AttributeSetDeleteInput!): AttributeSetDeletePayload!
  }
`
