import { TRANSLATABLE_RESOURCE_LIST } from '../../../../domain/webstore/translation/list.js'
import { listFieldArgs, listTypeDefs } from '../../shared/list-sdl.js'
import { connectionTypeDefs } from '../../shared/schema.js'
import { payloadType, mutationFields } from '../../shared/payloads.js'

/** SDL of translations: translatable resources, their source texts and each locale's values. */
export const translationTypeDefs = /* GraphQL */ `
  "A BCP-47 language tag such as en, fr or fr-CA."
  scalar Locale

  "The kinds of resource whose text fields may be translated."
  enum TranslatableResourceType {
    PRODUCT
    CATEGORY
    ATTRIBUTE
    MEDIA
    PAGE
    BLOG
    POST
    COLLECTION
    MENU
    THEME
    CONTENT_ENTRY
  }

  "A source text in the store's default locale, as a translator works from it."
  type TranslatableContent {
    "The field: title, description, seo.title, seo.description, options.<position>.name (products), options.<code>.label (attributes), items.<itemId>.title (menus), alt (media), body, excerpt, locales.<key> and <file>.sections.<id>[.blocks.<id>].settings.<setting> (themes), fields.<key> (content entries) …"
    key: String!
    "The current source text."
    value: String!
    "SHA-256 hex of value: pass it as sourceDigest to translationsRegister."
    digest: String!
  }

  "One key of a resource translated into one locale."
  type Translation {
    locale: Locale!
    key: String!
    value: String!
    "Digest of the source text that was translated."
    sourceDigest: String!
    "Whether the source text changed after this was translated: it still shows, but needs a look."
    outdated: Boolean!
    updatedAt: DateTime!
  }

  "A product, page, category … with the source text of its translatable fields and their translations."
  type TranslatableResource {
    resourceId: ID!
    resourceType: TranslatableResourceType!
    "Each translatable field with text, in the store's default locale."
    translatableContent: [TranslatableContent!]!
    "Translations of the current fields, of one locale or of all when locale is omitted."
    translations(locale: Locale, outdated: Boolean): [Translation!]!
  }

  ${connectionTypeDefs('TranslatableResource')}

  ${listTypeDefs(TRANSLATABLE_RESOURCE_LIST)}

  input TranslationInput {
    "A key listed in translatableContent."
    key: String!
    "The translated text; must not be empty."
    value: String!
    "The digest translatableContent gave for the source text translated."
    sourceDigest: String!
  }

  input TranslationsRegisterInput {
    "The product, page, category … to translate."
    resourceId: ID!
    "An enabled locale of the store other than its default."
    locale: Locale!
    "At most 250; a key already translated in this locale is overwritten."
    translations: [TranslationInput!]!
  }

  input TranslationsRemoveInput {
    resourceId: ID!
    locale: Locale!
    "Keys whose translation in this locale goes; keys without one are skipped."
    keys: [String!]!
  }

  ${payloadType('TranslationsRegister', 'translatableResource: TranslatableResource')}

  type TranslationsRemovePayload {
    "Null when the resource itself has been deleted."
    translatableResource: TranslatableResource
    eventPosition: String
  }

  extend type Query {
    "A resource of the store by id with its source texts and translations, or NOT_FOUND."
    translatableResource(resourceId: ID!): TranslatableResource!
    "The store's resources of one kind, oldest first unless sorted otherwise."
    translatableResources(resourceType: TranslatableResourceType!, ${listFieldArgs(TRANSLATABLE_RESOURCE_LIST)}
    ): TranslatableResourceConnection!
  }

  extend type Mutation {
    ${mutationFields({
      translationsRegister:
        "Registers translations of a resource's fields in one locale, each against the digest of the source text translated.",
      translationsRemove: 'Removes translations of a resource in one locale; reads fall back to the source text.',
    })}
  }
`
