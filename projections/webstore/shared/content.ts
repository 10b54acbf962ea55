import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
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
