import { z } from 'zod'
import { readableHistory } from '../../../domain/history.js'
import { MAX_PAGE_SIZE } from '../../../projections/shared/pagination.js'
import { readAuditLog, type AuditEntry } from '../../../projections/audit/log/queries.js'
import { dateTime, isoString, listSchema } from '../../shared/lists.js'
import { requireStore } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'

/** GraphQL's `AuditLogFilter`. */
const auditLogFilter = z.strictObject({
  entityId: z.string().nullish().describe('Only events of this entity, e.g. a product id.'),
  entityType: z.string().nullish().describe('Only events of this kind of entity, e.g. product.'),
  actorId: z.string().nullish().describe('Only events caused by this actor, e.g. an API key id.'),
  eventType: z.string().nullish().describe('Only events of this type, e.g. ProductRetitled.'),
  from: dateTime.nullish().describe('Inclusive, ISO-8601.'),
  to: dateTime.nullish().describe('Exclusive, ISO-8601.'),
})

const auditLogArgs = z.strictObject({
  filter: auditLogFilter.nullish(),
  first: z
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .nullish()
    .describe(`Entries to return: 1 to ${MAX_PAGE_SIZE}, 20 when omitted.`),
  after: z.string().nullish().describe('A position (pageInfo.endCursor of the previous call): only entries after it.'),
})

const auditEntrySchema = z.object({
  id: z.string().describe('The event id.'),
  type: z.string().describe('Past-tense event type, e.g. ProductRetitled.'),
  entityType: z.string(),
  entityId: z.string(),
  revision: z.number().int(),
  position: z.string().describe('Position in the log.'),
  occurredAt: z.string(),
  actor: z.object({
    type: z.string().describe('api_key, user, webhook, mcp or system.'),
    id: z.string(),
    name: z.string().nullable(),
  }),
  data: z.record(z.string(), z.unknown()).describe('The event payload.'),
  correlationId: z.string().describe('Shared by every event one request caused.'),
})

function entryJson(entry: AuditEntry) {
  return { ...entry, occurredAt: isoString(entry.occurredAt) }
}

export const auditLogTools: readonly ShopTool[] = [
  readTool({
    name: 'get_audit_log',
    description:
      "Read the current store's history: every change as an event (what happened, to which entity, by whom, when), oldest first. " +
      'Filter by entity, entity type, actor, event type or time; follow the log with after = pageInfo.endCursor. ' +
      'Shows the history of what your scopes may read (products:read: products and media).',
    available: (scopes) => readableHistory(scopes).length > 0,
    input: auditLogArgs,
    output: listSchema(auditEntrySchema),
    async run(args, { session }) {
      // Only the history of what the key may read, as GraphQL's auditLog shows it.
      const query = { ...args, categories: readableHistory(session.principal.scopes) }
      const page = await readAuditLog(session.platform.database.db, requireStore(session).id, query)
      return { nodes: page.nodes.map(entryJson), pageInfo: page.pageInfo, totalCount: page.totalCount }
    },
  }),
]
