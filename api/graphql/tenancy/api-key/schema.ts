import { API_KEY_LIST } from '../../../../domain/tenancy/api-key/list.js'
import { resourceReadTypeDefs } from '../../shared/list-sdl.js'
import { payloadType, mutationFields } from '../../shared/payloads.js'

export const apiKeyTypeDefs = /* GraphQL */ `
  "ACTIVE: works. REVOKED: revoked for good. EXPIRED: past its expiry."
  enum ApiKeyStatus {
    ACTIVE
    REVOKED
    EXPIRED
  }

  "An API key of the organization. The secret is never shown again after apiKeyCreate or apiKeyRotate."
  type ApiKey {
    id: ID!
    "Names the integration that uses it."
    name: String!
    "The key's start, wmk_<public id>: enough to recognise it, nothing to use it."
    prefix: String!
    "The key's last four characters."
    last4: String!
    "How listings show the key: wmk_<public id>_…<last4>."
    masked: String!
    scopes: [String!]!
    "True when the key reaches every store of the organization, present and future."
    allStores: Boolean!
    "The stores the key reaches."
    stores: [ViewerStore!]!
    "Who created it; null for keys created before that was recorded."
    createdBy: AuditActor
    createdAt: DateTime!
    "Updated at most once a minute."
    lastUsedAt: DateTime
    expiresAt: DateTime
    revokedAt: DateTime
    "When the secret was last rotated; null if never."
    rotatedAt: DateTime
    status: ApiKeyStatus!
  }

  input ApiKeyCreateInput {
    name: String!
    "Any of products:read, products:write, webstore:read, webstore:write, settings:read, settings:write, orders:read, orders:write (write includes read)."
    scopes: [String!]!
    "The stores the key may reach; pass null explicitly for every store of the organization (also future ones)."
    storeIds: [ID!]
    "When the key stops working; omit for never."
    expiresAt: DateTime
  }

  type ApiKeyCreatePayload {
    apiKey: ApiKey!
    "The whole key (wmk_…). Shown this once and never again: store it now."
    secret: String!
    eventPosition: String
  }

  input ApiKeyRevokeInput {
    id: ID!
  }

  ${payloadType('ApiKeyRevoke', 'apiKey: ApiKey!', { eventPosition: 'Null when the key was already revoked.' })}

  input ApiKeyRotateInput {
    id: ID!
    "How long the previous secret keeps working, in seconds: 0 to 2592000 (30 days); default 86400 (1 day)."
    overlapSeconds: Int
  }

  type ApiKeyRotatePayload {
    apiKey: ApiKey!
    "The whole new key. Shown this once and never again."
    secret: String!
    "When the previous secret stops working."
    previousSecretExpiresAt: DateTime!
    eventPosition: String
  }

  ${resourceReadTypeDefs(API_KEY_LIST, {
    one: {
      name: 'apiKey',
      doc: 'One API key of the organization; NOT_FOUND when there is none. Signed-in OWNER or ADMIN.',
    },
    list: { name: 'apiKeys', doc: "The organization's API keys, revoked ones included. Signed-in OWNER or ADMIN." },
  })}

  extend type Mutation {
    ${mutationFields({
      apiKeyCreate:
        'Creates an API key; the payload holds its secret, once. Signed-in OWNER or ADMIN (a key never manages keys).',
      apiKeyRevoke:
        'Revokes a key: refused from the next request on. Revoking twice changes nothing. Signed-in OWNER or ADMIN.',
      apiKeyRotate:
        'Gives a key a new secret (in the payload, once); the old one works until the overlap ends. Signed-in OWNER or ADMIN.',
    })}
  }
`
