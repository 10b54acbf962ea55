import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import { searchWords } from '../../shared/filters.js'
import { storeOf } from '../../shared/store-of.js'

// What the pages and posts read models share: the store of an event, guarded writes by revision,
// the publication columns and the rule of what shoppers may see.

/**
 * Writes `fields` to the row of the event's entity, moving its revision and updated_at; only a
 * row older than the event is touched, so a replay of events already applied changes nothing.
 */
export async function changeRow(
  db: AnyDb,
  table: string,
  id: string,
  recorded: RecordedEvent,
  fields: Record<string, unknown>,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ ...fields, revision: recorded.revision, updated_at: recorded.metadata.occurredAt })
    .where('store_id', '=', storeOf(recorded))
    .where('id', '=', id)
    .where('revision', '<', recorded.revision)
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = ExpressionBuilder<any, any>

/** `search`: every word must appear in the title, handle or body, ignoring case. */
export function searchCondition(
  eb: Eb,
  search: string | null | undefined,
  columns: readonly string[],
): Expression<SqlBool>[] {
  const words = searchWords(search)
  const text = sql.join(
    columns.map((column) => sql`coalesce(${sql.ref(column)}, '')`),
    sql` || ' ' || `,
  )
  return words.map((word) => sql<SqlBool>`(${text}) ilike ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`)
}
