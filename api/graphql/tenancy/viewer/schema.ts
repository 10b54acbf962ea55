export const viewerTypeDefs = /* GraphQL */ `
  "Who is calling: the organization, the stores the credential reaches, its scopes."
  type Viewer {
    organization: Organization!
    "Every store this credential may reach."
    stores: [ViewerStore!]!
    "The store of this request: the only reachable one, or the one named by X-Store."
    currentStore: ViewerStore
    "Granted scopes; a write scope includes its read scope."
    scopes: [String!]!
    credential: Credential!
  }

  type Organization {
    id: ID!
    name: String!
  }

  type ViewerStore {
    id: ID!
    slug: String!
    name: String!
    defaultLocale: String!
    currency: String!
    commerceEnabled: Boolean!
  }

  enum CredentialType {
    API_KEY
    USER
  }

  type Credential {
    type: CredentialType!
    id: ID!
    name: String
  }

  extend type Query {
    "Who is calling. Needs no scope."
    viewer: Viewer!
  }
`
