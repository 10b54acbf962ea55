import type { ColumnType, Selectable } from 'kysely'

export interface AuditLogTable {
  store_id: string
  organization_id: string
  position: string
  event_id: string
  type: string
  stream_name: string
  entity_type: string
  entity_id: string
  revision: number
  occurred_at: ColumnType<Date, Date | string, never>
  actor: ColumnType<{ type: string; id: string; name?: string }, string, never>
  data: ColumnType<Record<string, unknown>, string, never>
  correlation_id: string
  causation_id: string | null
}

export type AuditLogRow = Selectable<AuditLogTable>
