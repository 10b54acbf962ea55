import { z } from 'zod'
import { readableHistory } from '../../../domain/history.js'
import { readAuditLog } from '../../../app/audit/log/reads.js'
import { auditEntryViewSchema } from '../../../app/audit/log/view.js'
import { MAX_PAGE_SIZE } from '../../../domain/shared/list-spec.js'
import { dateTime, listSchema } from '../../shared/lists.js'
import { callerOf } from '../../shared/session.js'
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

export const auditLogTools: readonly ShopTool[] = [
  readTool({
    name: 'get_audit_log',
    description:
      "Read the current store's history: every change as an event (what happened, to which entity, by whom, when), oldest first. " +
      'Filter by entity, entity type, actor, event type or time; follow the log with after = pageInfo.endCursor. ' +
      'Shows the history of what your scopes may read (products:read: products and media).',
    available: (scopes) => readableHistory(scopes).length > 0,
    input: auditLogArgs,
    output: listSchema(auditEntryViewSchema),
    async run(args, call) {
      // Only the history of what the key may read, as GraphQL's auditLog shows it.
      const { nodes, pageInfo, totalCount } = await readAuditLog(callerOf(call), args)
      return { nodes, pageInfo, totalCount }
    },
  }),
]
