import { ATTRIBUTE_SET_LIST } from '../../../../domain/catalog/attribute-set/list.js'
import { resourceReadTypeDefs } from '../../shared/list-sdl.js'

export const attributeSetTypeDefs = /* GraphQL */ `
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

  ${resourceReadTypeDefs(ATTRIBUTE_SET_LIST, {
    one: { name: 'attributeSet', doc: 'One attribute set; NOT_FOUND when the store has no such set.' },
    list: { name: 'attributeSets', doc: "The store's attribute sets." },
  })}
`
