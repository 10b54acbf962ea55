import { sql, type SelectQueryBuilder } from 'kysely'
import type { AnyDb } from '../../../infra/database/database.js'
import { badInput } from '../../../domain/shared/errors.js'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../shared/pagination.js'
import type { AuditLogRow, AuditLogTable } from './tables.js'

/** Both adapters write positions as two zero-padded 20-digit numbers. */
const POSITION = /^\d{20}-\d{20}$/

export interface AuditLogFilter {
  entityId?: string | null
  entityType?: string | null
  actorId?: string | null
  eventType?: string | null
  from?: string | Date | null
  to?: string | Date | null
}

export interface AuditEntry {
  id: string
  type: string
  entityType: string
  entityId: string
  revision: number
  position: string
  occurredAt: Date
  actor: { type: string; id: string; name: string | null }
  data: Record<string, unknown>
  correlationId: string
}

/** Which page of entries: `first` of them after the cursor `after`. */
export interface EntryPageArgs {
  first?: number | null
  after?: string | null
}

export interface AuditPage {
  nodes: AuditEntry[]
  edges: { node: AuditEntry; cursor: string }[]
  pageInfo: {
    hasNextPage: boolean
    hasPreviousPage: boolean
    startCursor: string | null
    endCursor: string | null
    page: null
    totalPages: null
  }
  totalCount: number
}

/**
 * A store's history in log order, oldest first; the cursor is the log position itself, so a
 * reader can follow the log forward with `after` and never miss an entry.
 */
export async function readAuditLog(
  db: AnyDb,
  storeId: string,
  /** `categories`: the stream categories the reader may see; others stay out of the page and the count. */
  args: { filter?: AuditLogFilter | null; first?: number | null; after?: string | null; categories: readonly string[] },
  options: { count?: boolean } = {},
): Promise<AuditPage> {
  const first = pageSize(args, 'the audit log')
  const f = args.filter ?? {}
  let query = db
    .selectFrom('audit_log')
    .where('store_id', '=', storeId)
    .where('entity_type', 'in', args.categories.length ? [...args.categories] : [''])
  // An empty string is a value like any other (it matches nothing), not an absent filter.
  if (f.entityId != null) query = query.where('entity_id', '=', f.entityId)
  if (f.entityType != null) query = query.where('entity_type', '=', f.entityType)
  if (f.eventType != null) query = query.where('type', '=', f.eventType)
  if (f.actorId != null) query = query.where(sql<string>`actor->>'id'`, '=', f.actorId)
  if (f.from) query = query.where('occurred_at', '>=', new Date(f.from))
  if (f.to) query = query.where('occurred_at', '<', new Date(f.to))
  return pageOfEntries(query, args, first, 'asc', options)
}

/**
 * The page size `args.first` asks for. BAD_USER_INPUT when it is out of bounds, or when `after` is
 * not the endCursor (an event position) of a previous page of `of`.
 */
export function pageSize(args: EntryPageArgs, of: string): number {
  const first = args.first ?? DEFAULT_PAGE_SIZE
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE)
    throw badInput(['first'], `first must be between 1 and ${MAX_PAGE_SIZE}; got ${first}`)
  if (args.after != null && !POSITION.test(args.after))
    throw badInput(['after'], `after must be the endCursor (an event position) of a previous page of ${of}`)
  return first
}

/**
 * One page of the entries `query` selects, by log position: `asc` follows the log forward from
 * `after`, `desc` walks back from it. The cursor is the position itself, so no entry is missed.
 */
export async function pageOfEntries(
  query: SelectQueryBuilder<{ audit_log: AuditLogTable }, 'audit_log', object>,
  args: EntryPageArgs,
  first: number,
  order: 'asc' | 'desc',
  options: { count?: boolean },
): Promise<AuditPage> {
  // A store's history grows without bound: count only when totalCount is asked for.
  const counted =
    options.count === false
      ? undefined
      : await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst()
  const paged = args.after ? query.where('position', order === 'asc' ? '>' : '<', args.after) : query
  const rows = await paged
    .selectAll()
    .orderBy('position', order)
    .limit(first + 1)
    .execute()
  return entryPage(rows, first, args.after, Number(counted?.count ?? 0))
}

/** `first` of `rows` (one more tells whether a next page follows) as a page of entries. */
export function entryPage(
  rows: readonly AuditLogRow[],
  first: number,
  after: string | null | undefined,
  totalCount: number,
): AuditPage {
  const nodes = rows.slice(0, first).map(toEntry)
  const edges = nodes.map((node) => ({ node, cursor: node.position }))
  return {
    nodes,
    edges,
    pageInfo: {
      hasNextPage: rows.length > first,
      hasPreviousPage: Boolean(after),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      page: null,
      totalPages: null,
    },
    totalCount,
  }
}

/** An audit_log row as the API serves it. */
export function toEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.event_id,
    type: row.type,
    entityType: row.entity_type,
    entityId: row.entity_id,
    revision: Number(row.revision),
    position: row.position,
    occurredAt: row.occurred_at,
    actor: { type: row.actor.type, id: row.actor.id, name: row.actor.name ?? null },
    data: row.data,
    correlationId: row.correlation_id,
  }
}
