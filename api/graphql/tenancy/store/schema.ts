import { SOCIAL_NETWORKS } from '../../../../domain/tenancy/store/config.js'
import { STORE_LIST } from '../../../../domain/tenancy/store/list.js'
import { resourceReadTypeDefs } from '../../shared/list-sdl.js'
import { EVENT_POSITION, payloadType, mutationFields } from '../../shared/payloads.js'

/** A link field per network of SOCIAL_NETWORKS: StoreSocialLinks and its input hold the same ones. */
const socialLinkFields = SOCIAL_NETWORKS.map((network) => `${network}: String`).join('\n    ')

export const storeTypeDefs = /* GraphQL */ `
  "ACTIVE: serving. ARCHIVED: offline, its credentials refused (FORBIDDEN) until storeRestore; nothing is deleted."
  enum StoreStatus {
    ACTIVE
    ARCHIVED
  }

  "The unit product weights are given in."
  enum WeightUnit {
    KG
    G
    LB
    OZ
  }

  "A postal address; countryCode is ISO 3166-1 alpha-2."
  type StoreAddress {
    line1: String!
    line2: String!
    city: String!
    province: String!
    postalCode: String!
    countryCode: String!
  }

  "Links to the store's profiles; null where none is set."
  type StoreSocialLinks {
    ${socialLinkFields}
  }

  "The SEO defaults every page falls back to."
  type StoreSeo {
    title: String!
    description: String!
  }

  "CURRENT: the read models follow the store's writes. STALE: a projection could not apply one of the store's events; reads answer, possibly out of date, and writes answer SERVICE_UNAVAILABLE until an operator has fixed the cause and run emporium projections retry."
  enum ReadModelState {
    CURRENT
    STALE
  }

  "Whether a store's read models are up to date; projection and error name the first projection it is parked in."
  type ReadModelStatus {
    state: ReadModelState!
    "The projection that could not apply the store's event; null when CURRENT."
    projection: String
    "Which event failed and why; null when CURRENT."
    error: String
  }

  "A store of the organization with its configuration."
  type Store {
    id: ID!
    "The storefront's subdomain: <slug>.<PLATFORM_HOST>."
    slug: String!
    name: String!
    status: StoreStatus!
    archivedAt: DateTime
    "BCP-47 locale that untranslated content is in."
    defaultLocale: String!
    "Every locale the storefront offers; includes defaultLocale."
    enabledLocales: [String!]!
    "ISO 4217 code of the store's prices."
    currency: String!
    "IANA time zone, e.g. Europe/Berlin."
    timezone: String!
    weightUnit: WeightUnit!
    "Where shoppers write to; empty when not set."
    contactEmail: String!
    address: StoreAddress
    socialLinks: StoreSocialLinks!
    seo: StoreSeo!
    "Whether the store sells: off, it is a catalog-only showroom without prices or buying."
    commerceEnabled: Boolean!
    "When commerce was last switched on or off; the audit log shows who did it."
    commerceToggledAt: DateTime
    createdAt: DateTime!
    updatedAt: DateTime!
    "Whether the store's read models are current or stale (parked on an event a projection could not apply)."
    readModelStatus: ReadModelStatus!
  }

  input StoreCreateInput {
    name: String!
    "3-40 lowercase letters, digits and hyphens, unique across the platform; not a reserved name (www, admin, api, mcp, internal, …)."
    slug: String!
  }

  input StoreAddressInput {
    line1: String
    line2: String
    city: String
    province: String
    postalCode: String
    "ISO 3166-1 alpha-2, e.g. US or DE."
    countryCode: String!
  }

  "https:// links; an empty string removes one, a network left out stays."
  input StoreSocialLinksInput {
    ${socialLinkFields}
  }

  input StoreSeoInput {
    "At most 70 characters."
    title: String
    "At most 320 characters."
    description: String
  }

  "Only the fields given change; the rest stay as they are."
  input StoreUpdateInput {
    "The store to change; the request's store when left out."
    id: ID
    name: String
    "Joins enabledLocales when it is not in them."
    defaultLocale: String
    "Replaces the list; must include the default locale."
    enabledLocales: [String!]
    currency: String
    timezone: String
    weightUnit: WeightUnit
    "An empty string clears it."
    contactEmail: String
    "Replaces the whole address."
    address: StoreAddressInput
    socialLinks: StoreSocialLinksInput
    seo: StoreSeoInput
  }

  input StoreArchiveInput {
    "The store to archive; the request's store when left out."
    id: ID
  }

  input StoreRestoreInput {
    id: ID!
  }

  ${payloadType('StoreCreate', 'store: Store', { eventPosition: EVENT_POSITION.written })}

  ${payloadType('StoreUpdate', 'store: Store', { eventPosition: EVENT_POSITION.unchanged })}

  ${payloadType('StoreArchive', 'store: Store')}

  ${payloadType('StoreRestore', 'store: Store')}

  ${resourceReadTypeDefs(STORE_LIST, {
    one: {
      name: 'store',
      args: 'id: ID, slug: String',
      doc: "One store the credential reaches, by id or slug; the request's store when neither is given. Needs settings:read.",
    },
    list: { name: 'stores', doc: 'The stores the credential reaches, archived ones included. Needs settings:read.' },
  })}

  extend type Mutation {
    ${mutationFields({
      storeCreate:
        'Creates a store in the organization. Needs settings:write and a credential for every store of the organization.',
      storeUpdate: 'Changes the configuration of a store. Needs settings:write.',
      storeArchive: 'Takes a store offline; its credentials are refused until storeRestore. Needs settings:write.',
      storeRestore: 'Brings an archived store back. Needs settings:write.',
    })}
  }
`
