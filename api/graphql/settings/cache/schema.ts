import { payloadType, mutationFields } from '../../shared/payloads.js'

export const cacheTypeDefs = /* GraphQL */ `
  "What a purge dropped; every API node and the CDN follow it."
  type CachePurge {
    id: ID!
    paths: [String!]!
    surrogateKeys: [String!]!
    all: Boolean!
  }

  enum CacheRebuildState {
    PENDING
    RUNNING
    DONE
    FAILED
  }

  "One read model's part of a store rebuild."
  type CacheRebuildProjection {
    projection: String!
    state: CacheRebuildState!
    processed: Int!
    total: Int!
    error: String
  }

  "A rebuild of the store's read models from its events."
  type CacheRebuild {
    id: ID!
    "FAILED when any part failed, DONE when all are, PENDING until one starts."
    state: CacheRebuildState!
    "Events replayed so far, over all read models."
    processed: Int!
    total: Int!
    projections: [CacheRebuildProjection!]!
  }

  "Give paths and/or surrogateKeys, or all: true."
  input CachePurgeInput {
    "Storefront paths such as /products/red-shirt; each drops every host, query and locale of it (/fr/products/red-shirt too)."
    paths: [String!]
    "Tags such as product:<id>."
    surrogateKeys: [String!]
    all: Boolean
  }

  ${payloadType('CachePurge', 'cachePurge: CachePurge')}

  "Takes no fields; present because every mutation takes one input."
  input CacheRebuildInput {
    _: Boolean
  }

  ${payloadType('CacheRebuild', 'cacheRebuild: CacheRebuild')}

  extend type Query {
    "Progress of a store rebuild started with cacheRebuild; NOT_FOUND for another store's. Needs settings:read."
    cacheRebuildStatus(id: ID!): CacheRebuild!
  }

  extend type Mutation {
    ${mutationFields({
      cachePurge: 'Drops cached storefront responses of the request store. Needs settings:write.',
    })}
    "Rebuilds the request store's read models from its events while the API keeps serving. Needs settings:write."
    cacheRebuild(input: CacheRebuildInput): CacheRebuildPayload!
  }
`
