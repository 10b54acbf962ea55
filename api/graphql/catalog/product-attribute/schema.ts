import { payloadType, mutationFields } from '../../shared/payloads.js'

/** SDL of a product's attribute set and values; extends the product slice's types. */
export const productAttributeTypeDefs = /* GraphQL */ `
  "A value a product holds for an attribute."
  type ProductAttributeValue {
    attribute: Attribute!
    "The attribute's code."
    code: String!
    "JSON by the attribute type: a string (TEXT, RICH_TEXT, DATE, SELECT option code, COLOR, MEDIA id), a number, a boolean, or a list of option codes (MULTISELECT)."
    value: JSON!
    "How the value reads: option labels instead of codes, numbers with their unit, Yes/No."
    displayValue: String!
  }

  extend type Product {
    "The attribute set the product belongs to; null when none."
    attributeSet: AttributeSet
    "Its attribute values: in the set's order when it has one, then by code."
    attributes: [ProductAttributeValue!]!
  }

  input ProductAttributeValueInput {
    "The attribute's code."
    code: String!
    "JSON by the attribute type, e.g. \\"cotton\\", 42, true, [\\"red\\", \\"blue\\"]."
    value: JSON!
  }

  extend input ProductCreateInput {
    "The attribute set the product belongs to; its required attributes must be given in attributes."
    attributeSetId: ID
    attributes: [ProductAttributeValueInput!]
  }

  input ProductAttributesSetInput {
    productId: ID!
    "Values to set; attributes not listed keep theirs."
    values: [ProductAttributeValueInput!]!
  }

  input ProductAttributesRemoveInput {
    productId: ID!
    "Codes of the attributes whose values to remove."
    codes: [String!]!
  }

  input ProductAttributeSetChangeInput {
    productId: ID!
    "The new set; null or omitted takes the product out of any set."
    attributeSetId: ID
    "Confirms dropping the values of attributes the new set does not hold; without it such a change is refused with the list of codes."
    dropValues: Boolean
    "Values to set in the same write, e.g. the new set's required attributes."
    values: [ProductAttributeValueInput!]
  }

  ${payloadType('ProductAttributesSet', 'product: Product')}

  ${payloadType('ProductAttributesRemove', 'product: Product')}

  ${payloadType('ProductAttributeSetChange', 'product: Product')}

  extend type Mutation {
    ${mutationFields({
      productAttributesSet:
        "Sets attribute values of a product, each checked against its attribute type and the product's set. Needs products:write.",
      productAttributesRemove:
        'Removes attribute values from a product; refused for attributes its set requires. Needs products:write.',
      productAttributeSetChange:
        'Moves a product to another attribute set (or none); dropping values needs dropValues: true. Needs products:write.',
    })}
  }
`
