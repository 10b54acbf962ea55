import { STOREFRONT_TOKEN_LIST } from '../../../../domain/settings/storefront-token/list.js'
import { resourceReadTypeDefs } from '../../shared/list-sdl.js'
import { mutationFields } from '../../shared/payloads.js'

/** SDL of public storefront tokens; storefrontTokenRevoke is generated from its command. */
export const storefrontTokenTypeDefs = /* GraphQL */ `
  "ACTIVE: the storefront API accepts it. REVOKED: refused for good."
  enum StorefrontTokenStatus {
    ACTIVE
    REVOKED
  }

  """
  A public token of the storefront API (POST /api/storefront/graphql on the store's host, header
  X-Storefront-Access-Token). Safe to embed in a browser: it reads only what shoppers see. The
  token itself is shown once, by storefrontTokenCreate.
  """
  type StorefrontToken {
    id: ID!
    "Names the front end that uses it."
    name: String!
    "The token's last four characters."
    last4: String!
    "How listings show the token: sfp_…<last4>."
    masked: String!
    status: StorefrontTokenStatus!
    createdAt: DateTime!
    revokedAt: DateTime
  }

  input StorefrontTokenCreateInput {
    "Names the front end that uses the token, e.g. \\"Next.js shop\\"."
    name: String!
  }

  type StorefrontTokenCreatePayload {
    storefrontToken: StorefrontToken!
    "The whole token (sfp_…). Shown this once: put it in the front end's configuration now."
    accessToken: String!
    eventPosition: String
  }

  ${resourceReadTypeDefs(STOREFRONT_TOKEN_LIST, {
    one: {
      name: 'storefrontToken',
      doc: 'One storefront token of the selected store; NOT_FOUND when there is none. Needs settings:read.',
    },
    list: {
      name: 'storefrontTokens',
      doc: "The selected store's storefront tokens, revoked ones included. Needs settings:read.",
    },
  })}

  extend type Mutation {
    ${mutationFields({
      storefrontTokenCreate:
        'Creates a public storefront token; the payload holds the token, once. Needs settings:write.',
    })}
  }
`
