import { ATTRIBUTE_LIST } from '../../../../domain/catalog/attribute/list.js'
import {
  attributeCreate,
  attributeOptionAdd,
  attributeOptionRemove,
  attributeOptionReorder,
  attributeOptionUpdate,
  attributeRevert,
  attributeUpdate,
} from '../../../../domain/catalog/attribute/definitions.js'
import { resourceReadTypeDefs } from '../../shared/list-sdl.js'
import { historyField } from '../../shared/history.js'
import { EVENT_POSITION, deletePayloadType, payloadType, mutationFields } from '../../shared/payloads.js'
import { pascal } from '../../shared/zod-input.js'

/** The write mutations of attributes, each answering with the attribute as the read model shows it after the write. */
export const ATTRIBUTE_MUTATIONS = [
  [attributeCreate, 'Defines an attribute; CONFLICT when the code is taken.'],
  [attributeUpdate, 'Changes name, type, flags or validation; a type change is refused while products hold values.'],
  [attributeOptionAdd, 'Adds an option to a SELECT or MULTISELECT attribute.'],
  [attributeOptionUpdate, 'Relabels an option; its code stays.'],
  [attributeOptionRemove, 'Removes an option; refused while products hold it.'],
  [attributeOptionReorder, 'Puts the listed options first, in that order.'],
  [attributeRevert, 'Restores the attribute as it was at an earlier revision by appending change events.'],
] as const

const payloads = ATTRIBUTE_MUTATIONS.map(([definition]) =>
  payloadType(pascal(definition.name), 'attribute: Attribute', { eventPosition: EVENT_POSITION.unchanged }),
).join('\n')

const mutations = ATTRIBUTE_MUTATIONS.map(
  ([{ name }, doc]) => `    "${doc} Needs products:write."
    ${name}(input: ${pascal(name)}Input!): ${pascal(name)}Payload!`,
).join('\n')

export const attributeTypeDefs = /* GraphQL */ `
  "What kind of value products hold: TEXT and RICH_TEXT strings, NUMBER (with unit), BOOLEAN, DATE (YYYY-MM-DD), SELECT and MULTISELECT (option codes), COLOR (#rrggbb), MEDIA (a media id)."
  enum AttributeType {
    TEXT
    RICH_TEXT
    NUMBER
    BOOLEAN
    DATE
    SELECT
    MULTISELECT
    COLOR
    MEDIA
  }

  "A choice of a SELECT or MULTISELECT attribute."
  type AttributeOption {
    "Stable; product values store it."
    code: String!
    "What shoppers read; in that locale when given, falling back to the store's default locale."
    label(locale: Locale): String!
  }

  "Limits on values; each applies to some types only, the others are null."
  type AttributeValidation {
    "TEXT, RICH_TEXT."
    minLength: Int
    "TEXT, RICH_TEXT."
    maxLength: Int
    "TEXT: a regular expression the whole text must match."
    pattern: String
    "NUMBER."
    min: Float
    "NUMBER."
    max: Float
    "NUMBER: most digits after the decimal point."
    decimals: Int
    "NUMBER: the unit values are in, e.g. cm."
    unit: String
    "DATE, YYYY-MM-DD."
    minDate: String
    "DATE, YYYY-MM-DD."
    maxDate: String
    "MULTISELECT."
    minSelections: Int
    "MULTISELECT."
    maxSelections: Int
  }

  "A typed property products may hold a value of, e.g. material or screen_size."
  type Attribute {
    id: ID!
    "Unique in the store and never changed."
    code: String!
    name(locale: Locale): String!
    type: AttributeType!
    "The choices of SELECT and MULTISELECT attributes, in order; empty for other types."
    options: [AttributeOption!]!
    "Products whose attribute set holds it must have a value."
    required: Boolean!
    "Offered as a facet."
    filterable: Boolean!
    "Shown on the product page."
    visible: Boolean!
    validation: AttributeValidation!
    createdAt: DateTime!
    updatedAt: DateTime!
    "Revision of the attribute's stream after its last change (0 after creation)."
    revision: Int!
    ${historyField('Every event of this attribute, newest first, with its actor and time.')}
  }

  input AttributeOptionInput {
    "Lowercase letters, digits and single - or _ between them, e.g. x-large."
    code: String!
    label: String!
  }

  "Give only the limits that apply to the type; on update it replaces the whole validation."
  input AttributeValidationInput {
    minLength: Int
    maxLength: Int
    pattern: String
    min: Float
    max: Float
    decimals: Int
    unit: String
    minDate: String
    maxDate: String
    minSelections: Int
    maxSelections: Int
  }

  input AttributeCreateInput {
    "Lowercase letters, digits and single underscores, starting with a letter, e.g. screen_size."
    code: String!
    name: String!
    type: AttributeType!
    "SELECT and MULTISELECT only."
    options: [AttributeOptionInput!]
    "false when omitted."
    required: Boolean
    "false when omitted."
    filterable: Boolean
    "true when omitted."
    visible: Boolean
    validation: AttributeValidationInput
  }

  "Only the fields given change; the code never does."
  input AttributeUpdateInput {
    id: ID!
    name: String
    "Refused while products hold values of the attribute."
    type: AttributeType
    required: Boolean
    filterable: Boolean
    visible: Boolean
    validation: AttributeValidationInput
  }

  input AttributeDeleteInput {
    id: ID!
    "Delete although products hold values, discarding them. Refused without it while values exist."
    force: Boolean
  }

  input AttributeOptionAddInput {
    id: ID!
    code: String!
    label: String!
    "Where to insert, from 0; last when omitted."
    position: Int
  }

  input AttributeOptionUpdateInput {
    id: ID!
    code: String!
    label: String!
  }

  input AttributeOptionRemoveInput {
    id: ID!
    code: String!
  }

  input AttributeOptionReorderInput {
    id: ID!
    "Option codes in their new order; the others keep their order after them."
    codes: [String!]!
  }

  input AttributeRevertInput {
    id: ID!
    "The revision to restore, as Attribute.history lists them: it comes back as the whole change that wrote that revision left it (0: as created)."
    toRevision: Int!
  }

  ${payloads}

  ${deletePayloadType('AttributeDelete')}

  ${resourceReadTypeDefs(ATTRIBUTE_LIST, {
    one: {
      name: 'attribute',
      args: 'id: ID, code: String, asOf: DateTime',
      doc: 'One attribute by id or code; with asOf (by id), as it was at that instant. NOT_FOUND when the store has no such attribute.',
    },
    list: { name: 'attributes', doc: "The store's attributes." },
  })}

  extend type Mutation {
${mutations}
    ${mutationFields({
      attributeDelete:
        'Deletes an attribute and frees its code; refused while products hold values unless force is true. Needs products:write.',
    })}
  }
`
