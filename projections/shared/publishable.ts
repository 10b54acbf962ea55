import type { PublicationStatus } from '../../domain/shared/publishable/publication.js'
import type { Seo } from '../../domain/shared/publishable/seo.js'
import type { DateTimeRangeFilter } from '../../domain/shared/list-spec.js'
import type { AnyDb } from '../../infra/database/database.js'
import type { Connection, PaginateOptions } from './pagination.js'
import { column } from './table.js'

// The read side of publishable content (pages, posts): the columns, the record part they map to,
// the event → column changes, the rule of what shoppers may see and what the scheduler publishes.

/** The publication and SEO columns of a publishable read model's table, in their order. */
export const PUBLISHABLE_COLUMNS = {
  status: column.text<PublicationStatus>(),
  seo_title: column.text().default(''),
  seo_description: column.text().default(''),
  /** When a DRAFT goes live by itself; the publish scheduler polls it. */
  publish_at: column.timestamptz().nullable(),
  published_at: column.timestamptz().nullable(),
}

/** The publication and SEO of a record as the API serves it. */
export interface PublishableRecord {
  status: PublicationStatus
  seo: Seo
  publishAt: Date | null
  publishedAt: Date | null
}

/** The `PublishableRecord` part of a row. */
export function publishableRecord(row: {
  status: PublicationStatus
  seo_title: string
  seo_description: string
  publish_at: Date | null
  published_at: Date | null
}): PublishableRecord {
  return {
    status: row.status,
    seo: { title: row.seo_title, description: row.seo_description },
    publishAt: row.publish_at,
    publishedAt: row.published_at,
  }
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

/**
 * What "visible to shoppers" means for pages and posts, defined once: PUBLISHED, and published
 * at or before `now`. A scheduled DRAFT is hidden until the scheduler publishes it.
 */
export function isVisibleToShoppers(row: { status: PublicationStatus; publishedAt: Date | null }, now: Date): boolean {
  return row.status === 'PUBLISHED' && row.publishedAt !== null && row.publishedAt <= now
}

/** The part of a list filter the visibility rule needs: status, publishedAt and `and`. */
export interface VisibilityFilter<Filter> {
  status?: readonly PublicationStatus[] | null
  publishedAt?: DateTimeRangeFilter | null
  and?: readonly Filter[] | null
}

/**
 * The visibility rule as a list filter, joined to the caller's so it can never widen it.
 *
 * @example listPages(db, storeId, { ...args, filter: visibleOnly(args.filter, now) })
 */
export function visibleOnly<Filter extends VisibilityFilter<Filter>>(
  filter: Filter | null | undefined,
  now: Date,
): Filter {
  const rule: VisibilityFilter<Filter> = { status: ['PUBLISHED'], publishedAt: { to: new Date(now.getTime() + 1) } }
  // Every other field of a list filter is optional, so the rule alone is one; a generic type cannot see that.
  const visible = rule as Filter
  if (!filter) return visible
  const joined: VisibilityFilter<Filter> = { and: [visible, filter] }
  return joined as Filter
}

/** `record` when shoppers may see it at `now`, else null: a hidden record answers exactly like a missing one. */
export function visibleOrNull<Item extends { status: PublicationStatus; publishedAt: Date | null }>(
  record: Item | null,
  now: Date,
): Item | null {
  return record && isVisibleToShoppers(record, now) ? record : null
}

/**
 * The shoppers' list of a publishable read model: its `list` with the visibility rule joined to the
 * caller's filter, which can never widen it.
 *
 * @example export const listPublishedPages = publishedList(listPages)
 */
export function publishedList<Db, Args extends VisibilityArgs<Args>, Item>(
  list: (db: Db, storeId: string, args?: Args, options?: PaginateOptions) => Promise<Connection<Item>>,
): (db: Db, storeId: string, args?: Args, options?: PaginateOptions, now?: Date) => Promise<Connection<Item>> {
  return (db, storeId, args, options = {}, now = new Date()) => {
    // Every field of list arguments is optional, so these are list arguments; a generic type cannot see that.
    const visible = { ...args, filter: visibleOnly(args?.filter, now) } as Args
    return list(db, storeId, visible, options)
  }
}

/** List arguments whose filter the visibility rule can join. */
type VisibilityArgs<Args extends { filter?: unknown }> = {
  filter?: (NonNullable<Args['filter']> & VisibilityFilter<NonNullable<Args['filter']>>) | null
}

/**
 * Rows of every store whose publishAt is at or before `now` and which are not `live` yet, earliest
 * first: what the publish scheduler publishes. The read model may lag a moment; the command decides
 * again on the entity's stream, so a stale row costs a no-op and nothing more.
 *
 * @example await dueRows(db, 'products', now, 100, 'ACTIVE')
 */
export async function dueRows(
  db: AnyDb,
  table: string,
  now: Date,
  limit: number,
  live: string = 'PUBLISHED' satisfies PublicationStatus,
): Promise<{ organizationId: string; storeId: string; id: string }[]> {
  const rows = (await db
    .selectFrom(table)
    .select(['organization_id', 'store_id', 'id'])
    .where('publish_at', 'is not', null)
    .where('publish_at', '<=', now)
    .where('status', '<>', live)
    .orderBy('publish_at')
    .orderBy('id')
    .limit(limit)
    .execute()) as { organization_id: string; store_id: string; id: string }[]
  return rows.map((row) => ({ organizationId: row.organization_id, storeId: row.store_id, id: row.id }))
}
