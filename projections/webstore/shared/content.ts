import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { PublicationStatus } from '../../../domain/shared/publishable/publication.js'
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

/** The publication columns of an event of the publication model, or null for other events. */
export function publicationColumns(type: string, data: Record<string, unknown>): Record<string, unknown> | null {
  if (type.endsWith('Published'))
    return { status: 'PUBLISHED' satisfies PublicationStatus, published_at: data.publishedAt }
  if (type.endsWith('Unpublished')) return { status: 'DRAFT' satisfies PublicationStatus, published_at: null }
  if (type.endsWith('PublishScheduled')) return { publish_at: data.publishAt }
  if (type.endsWith('PublishUnscheduled')) return { publish_at: null }
  return null
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = ExpressionBuilder<any, any>

/**
 * What "visible to shoppers" means for pages and posts, defined once: PUBLISHED, and published
 * at or before `now`. A scheduled DRAFT is hidden until the scheduler publishes it.
 */
export function isVisibleToShoppers(row: { status: PublicationStatus; publishedAt: Date | null }, now: Date): boolean {
  return row.status === 'PUBLISHED' && row.publishedAt !== null && row.publishedAt <= now
}

/** Rows of every store whose publishAt has come and which are still DRAFT: what the publish scheduler publishes. */
export async function dueRows(
  db: AnyDb,
  table: string,
  now: Date,
  limit: number,
): Promise<{ organizationId: string; storeId: string; id: string }[]> {
  const rows = (await db
    .selectFrom(table)
    .select(['organization_id', 'store_id', 'id'])
    .where('publish_at', 'is not', null)
    .where('publish_at', '<=', now)
    .where('status', '=', 'DRAFT')
    .orderBy('publish_at')
    .orderBy('id')
    .limit(limit)
    .execute()) as { organization_id: string; store_id: string; id: string }[]
  return rows.map((row) => ({ organizationId: row.organization_id, storeId: row.store_id, id: row.id }))
}

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
