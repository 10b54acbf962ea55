import { mutationFields } from '../../shared/payloads.js'

export const globalSettingsTypeDefs = /* GraphQL */ `
  "Texts and switches of the checkout."
  type CheckoutSettings {
    "Terms shoppers accept before paying."
    termsText: String!
    "Shown after an order is placed."
    thankYouMessage: String!
    "Whether shoppers may leave a note with the order."
    orderNotesEnabled: Boolean!
    "Whether a phone number is required."
    requirePhone: Boolean!
    "Flat shipping rates shoppers choose from at checkout, by name; at least one."
    shippingRates: [ShippingRate!]!
    "Tax rate in basis points (2000 = 20%); 0 charges no tax."
    taxRate: Int!
    "True: prices and shipping already contain the tax; false: tax is added on subtotal + shipping."
    taxInclusive: Boolean!
    "How long checkout holds the stock of an order waiting for payment (1–120 minutes)."
    reservationMinutes: Int!
    "Schema version of this group."
    version: Int!
    "When the group last changed; null while it has its defaults."
    updatedAt: DateTime
  }

  "A flat shipping rate."
  type ShippingRate {
    "What shoppers see and choose, unique in the store."
    name: String!
    "Integer minor units of the store's currency (499 = 4.99); 0 ships free."
    amount: Int!
  }

  "A flat shipping rate."
  input ShippingRateInput {
    name: String!
    "Integer minor units (499 = 4.99)."
    amount: Int!
  }

  "Analytics ids the storefront embeds; empty when not set."
  type AnalyticsSettings {
    "Google Analytics 4 measurement id, G-…"
    googleAnalyticsId: String!
    "Google Tag Manager container id, GTM-…"
    googleTagManagerId: String!
    metaPixelId: String!
    version: Int!
    updatedAt: DateTime
  }

  "How the store appears when shared."
  type SocialSettings {
    "X (Twitter) handle without @."
    xHandle: String!
    facebookAppId: String!
    "https:// image used when a page has none of its own."
    defaultShareImageUrl: String!
    version: Int!
    updatedAt: DateTime
  }

  "Handles of the pages holding the store's policies; empty when not set."
  type LegalSettings {
    privacyPolicyPage: String!
    termsOfServicePage: String!
    refundPolicyPage: String!
    shippingPolicyPage: String!
    imprintPage: String!
    version: Int!
    updatedAt: DateTime
  }

  "Maintenance mode: the storefront shows the message instead of the store."
  type MaintenanceSettings {
    enabled: Boolean!
    message: String!
    version: Int!
    updatedAt: DateTime
  }

  "The store's global settings, by group; a group never changed has its defaults."
  type GlobalSettings {
    checkout: CheckoutSettings!
    analytics: AnalyticsSettings!
    social: SocialSettings!
    legal: LegalSettings!
    maintenance: MaintenanceSettings!
  }

  enum GlobalSettingsGroup {
    CHECKOUT
    ANALYTICS
    SOCIAL
    LEGAL
    MAINTENANCE
  }

  input CheckoutSettingsInput {
    termsText: String
    thankYouMessage: String
    orderNotesEnabled: Boolean
    requirePhone: Boolean
    "Replaces the whole list; at least one rate, names unique."
    shippingRates: [ShippingRateInput!]
    "Basis points, 0–10000 (2000 = 20%)."
    taxRate: Int
    taxInclusive: Boolean
    "1–120 minutes."
    reservationMinutes: Int
  }

  input AnalyticsSettingsInput {
    googleAnalyticsId: String
    googleTagManagerId: String
    metaPixelId: String
  }

  input SocialSettingsInput {
    xHandle: String
    facebookAppId: String
    defaultShareImageUrl: String
  }

  input LegalSettingsInput {
    privacyPolicyPage: String
    termsOfServicePage: String
    refundPolicyPage: String
    shippingPolicyPage: String
    imprintPage: String
  }

  input MaintenanceSettingsInput {
    "Enabling needs a message."
    enabled: Boolean
    message: String
  }

  "Exactly one group; only its given fields change (an empty string clears a text)."
  input GlobalSettingsUpdateInput {
    checkout: CheckoutSettingsInput
    analytics: AnalyticsSettingsInput
    social: SocialSettingsInput
    legal: LegalSettingsInput
    maintenance: MaintenanceSettingsInput
  }

  type GlobalSettingsUpdatePayload {
    globalSettings: GlobalSettings
    "The group that was written."
    group: GlobalSettingsGroup!
    "Log position of the write; null when nothing changed."
    eventPosition: String
  }

  extend type Query {
    "The request store's global settings; select the groups you need. Needs settings:read."
    globalSettings: GlobalSettings!
  }

  extend type Mutation {
    ${mutationFields({
      globalSettingsUpdate:
        "Changes one group of the request store's global settings; the audit log keeps every version. Needs settings:write.",
    })}
  }
`
