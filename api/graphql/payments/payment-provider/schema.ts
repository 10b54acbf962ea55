/** SDL of payment provider settings; their inputs, payloads and mutations come from the command definitions. */
export const paymentProviderTypeDefs = /* GraphQL */ `
  "STRIPE (Stripe Checkout) or TEST (the offline provider: a local pay page and simulated webhooks)."
  enum PaymentProviderKind {
    STRIPE
    TEST
  }

  "One payment provider of the store. Secrets are stored encrypted and never shown: only their last 4 characters."
  type PaymentProviderSettings {
    provider: PaymentProviderKind!
    "Last 4 characters of the API secret key; null for TEST."
    secretKeyLast4: String
    "Last 4 characters of the current webhook signing secret."
    signingSecretLast4: String!
    "Last 4 characters of the previous signing secret while webhooks signed with it are still accepted; null otherwise."
    previousSigningSecretLast4: String
    "Until when webhooks signed with the previous signing secret are accepted; null when none is."
    previousSigningSecretValidUntil: DateTime
    "Id of the platform key (SECRETS_KEY) that sealed the newest secret: after a key rotation, tells what to re-seal."
    keyId: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    "Every event of this provider's settings, newest first, with its actor and time (never a secret)."
    history(first: Int, after: String): AuditEntryConnection!
  }

  extend type Query {
    "The store's configured payment providers (empty when none: the store cannot take payments). Needs settings:read."
    paymentProviders: [PaymentProviderSettings!]!
  }
`
