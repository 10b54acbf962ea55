import { CONTENT_ENTRY_LIST, CONTENT_TYPE_LIST } from '../../../../domain/webstore/content/list.js'
import { listFieldArgs, listTypeDefs, resourceReadTypeDefs } from '../../shared/list-sdl.js'
import { connectionTypeDefs } from '../../shared/schema.js'
import { deletePayloadType, payloadType, mutationFields } from '../../shared/payloads.js'

export const contentTypeDefs = /* GraphQL */ `
  "What a content field holds. The *_REFERENCE types and MEDIA hold ids checked to exist in the store."
  enum ContentFieldType {
    TEXT
    "HTML, sanitized like page bodies."
    RICH_TEXT
    NUMBER
    BOOLEAN
    "2026-06-21 or an ISO-8601 date-time."
    DATE
    "http(s), a /path, mailto: or tel:."
    URL
    MEDIA
    PRODUCT_REFERENCE
    CATEGORY_REFERENCE
    PAGE_REFERENCE
  }

  ${listTypeDefs(CONTENT_ENTRY_LIST)}

  "Optional limits on a field's values."
  type ContentFieldValidations {
    "Smallest number allowed (NUMBER)."
    min: Float
    "Largest number allowed (NUMBER)."
    max: Float
    "Longest text allowed (TEXT)."
    maxLength: Int
    "The only texts allowed (TEXT)."
    choices: [String!]
  }

  "One field of a content type."
  type ContentField {
    "The key entries hold the value under, e.g. hero_image."
    key: String!
    name: String!
    type: ContentFieldType!
    "Whether every entry must have a value."
    required: Boolean!
    "Whether the value is a list of values of type."
    list: Boolean!
    validations: ContentFieldValidations!
  }

  "A kind of structured content (like Shopify metaobjects): testimonials, FAQs, lookbooks."
  type ContentType {
    id: ID!
    "Unique in the store."
    handle: String!
    name: String!
    fields: [ContentField!]!
    "Every event of this type, newest first."
    history(first: Int, after: String): AuditEntryConnection!
    createdAt: DateTime!
    updatedAt: DateTime!
    revision: Int!
  }

  "One entry of a content type; sections reference entries by id."
  type ContentEntry {
    id: ID!
    "Unique within its type."
    handle: String!
    type: ContentType!
    "Values by field key (only the type's current fields); references are ids. With a locale, TEXT and RICH_TEXT values are its translation (fr-CA falls back to fr, then to the source)."
    fields(locale: Locale): JSON!
    "Every event of this entry, newest first."
    history(first: Int, after: String): AuditEntryConnection!
    createdAt: DateTime!
    updatedAt: DateTime!
    revision: Int!
  }

  ${connectionTypeDefs('ContentEntry')}

  input ContentFieldValidationsInput {
    min: Float
    max: Float
    maxLength: Int
    choices: [String!]
  }

  input ContentFieldInput {
    "Lowercase letters, digits and _, starting with a letter."
    key: String!
    "The key when omitted."
    name: String
    type: ContentFieldType!
    "false when omitted."
    required: Boolean
    "false when omitted."
    list: Boolean
    validations: ContentFieldValidationsInput
  }

  input ContentTypeCreateInput {
    name: String!
    "Generated from the name when omitted."
    handle: String
    fields: [ContentFieldInput!]!
  }

  "Only the fields given change; fields replaces the whole list (a field keeps its type and list flag, none may become required)."
  input ContentTypeUpdateInput {
    id: ID!
    name: String
    handle: String
    fields: [ContentFieldInput!]
  }

  input ContentTypeDeleteInput {
    id: ID!
  }

  "The type by typeId or typeHandle (exactly one)."
  input ContentEntryCreateInput {
    typeId: ID
    typeHandle: String
    "Generated from the first text field when omitted."
    handle: String
    "Values by field key, e.g. {title: \\"Summer\\", price: 49}."
    fields: JSON!
  }

  "Keys given in fields replace those values (null clears one); the rest stay."
  input ContentEntryUpdateInput {
    id: ID!
    handle: String
    fields: JSON
  }

  input ContentEntryDeleteInput {
    id: ID!
  }

  ${payloadType('ContentType', 'contentType: ContentType')}

  ${payloadType('ContentEntry', 'contentEntry: ContentEntry')}

  ${deletePayloadType('ContentDelete')}

  ${resourceReadTypeDefs(CONTENT_TYPE_LIST, {
    one: {
      name: 'contentType',
      args: 'id: ID, handle: String',
      doc: 'One content type by id or handle. Needs webstore:read.',
    },
    list: { name: 'contentTypes', doc: "The store's content types. Needs webstore:read." },
  })}

  extend type Query {
    "One entry by id, or by typeHandle and handle. Needs webstore:read."
    contentEntry(id: ID, typeHandle: String, handle: String): ContentEntry
    "The entries of one content type (by handle). Needs webstore:read."
    contentEntries(
      type: String!${listFieldArgs(CONTENT_ENTRY_LIST)}
    ): ContentEntryConnection!
  }

  extend type Mutation {
    ${mutationFields(
      {
        contentTypeCreate: 'Defines a content type. Needs webstore:write.',
        contentTypeUpdate: 'Changes a content type. Needs webstore:write.',
      },
      'ContentType',
    )}
    ${mutationFields(
      {
        contentTypeDelete: 'Deletes a content type; its entries are no longer served. Needs webstore:write.',
        contentEntryDelete: 'Deletes an entry. Needs webstore:write.',
      },
      'ContentDelete',
    )}
    ${mutationFields(
      {
        contentEntryCreate: 'Creates an entry, validated against its type. Needs webstore:write.',
        contentEntryUpdate: "Changes an entry's handle or values. Needs webstore:write.",
      },
      'ContentEntry',
    )}
  }
`
