import { connectionTypeDefs } from '../../shared/schema.js'

export const auditLogTypeDefs = /* GraphQL */ `
  "One event of the store's history: what happened, to what, by whom, when."
  type AuditEntry {
    "The event id."
    id: ID!
    "Past-tense event type, e.g. ProductRetitled."
    type: String!
    "Stream category of the entity, e.g. product."
    entityType: String!
    entityId: ID!
    "Revision of the entity after this event (0 for its first event)."
    revision: Int!
    "Position in the log; pass it as X-Consistency-Position or as after."
    position: String!
    occurredAt: DateTime!
    actor: AuditActor!
    "The event payload."
    data: JSON!
    "Shared by every event one request caused."
    correlationId: String!
  }

  "Who caused an event."
  type AuditActor {
    "api_key, user, webhook, mcp or system."
    type: String!
    id: ID!
    name: String
  }

  input AuditLogFilter {
    entityId: ID
    entityType: String
    actorId: ID
    eventType: String
    "Inclusive."
    from: DateTime
    "Exclusive."
    to: DateTime
  }

  ${connectionTypeDefs('AuditEntry')}

  extend type Query {
    "The selected store's events, oldest first, in log order: those of the areas this credential may read (products:read shows products and media, settings:read the store and its keys, orders:read orders, customers, payments and carts)."
    auditLog(filter: AuditLogFilter, first: Int, after: String): AuditEntryConnection!
  }
`
