import type { ColumnType, Selectable } from 'kysely'
import { column, table, type RowOf } from '../../shared/table.js'

/** Columns written once, with the event: nothing updates an audit entry. */
type Written<Select, Insert> = ColumnType<Select, Insert, never>

/** One row per event of a store, in log order; entries are only ever added. */
export const AUDIT_LOG_TABLE = table(
  'audit_log',
  {
    store_id: column.uuid(),
    organization_id: column.uuid(),
    position: column.text(),
    event_id: column.uuid(),
    type: column.text(),
    stream_name: column.text(),
    entity_type: column.text(),
    entity_id: column.text(),
    revision: column.integer(),
    occurred_at: column.ofType<Written<Date, Date | string>>('timestamptz'),
    actor: column.ofType<Written<{ type: string; id: string; name?: string }, string>>('jsonb'),
    data: column.ofType<Written<Record<string, unknown>, string>>('jsonb'),
    correlation_id: column.text(),
    causation_id: column.text().nullable(),
  },
  {
    primaryKey: ['store_id', 'position'],
    indexes: {
      audit_log_entity: ['store_id', 'entity_id', 'position'],
      audit_log_type: ['store_id', 'type', 'position'],
      audit_log_occurred: ['store_id', 'occurred_at'],
    },
  },
)

export type AuditLogTable = RowOf<typeof AUDIT_LOG_TABLE>
export type AuditLogRow = Selectable<AuditLogTable>
