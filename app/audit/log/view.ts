import { z } from 'zod'
import type { AuditEntry } from '../../../projections/audit/log/queries.js'
import { isoString } from '../../shared/connection.js'

/** An event of the audit log as GraphQL's `AuditEntry` and the MCP tools serve it. */
export const auditEntryViewSchema = z.object({
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

export type AuditEntryView = z.infer<typeof auditEntryViewSchema>

export function toAuditEntryView(entry: AuditEntry): AuditEntryView {
  const { id, type, entityType, entityId, revision, position, actor, data, correlationId } = entry
  return {
    id,
    type,
    entityType,
    entityId,
    revision,
    position,
    occurredAt: isoString(entry.occurredAt),
    actor,
    data,
    correlationId,
  }
}
