import type { AnyDb } from '../../../infra/database/database.js'
import { badInput } from '../../../domain/shared/errors.js'
import { isUuid } from '../../../domain/shared/ids.js'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../shared/pagination.js'
import { toEntry, type AuditPage } from './queries.js'
import type { AuditLogRow } from './tables.js'

/** Both adapters write positions as two zero-padded 20-digit numbers. */
const POSITION = /^\d{20}-\d{20}$/

/** Which entity's history: its stream category (`product`, `category`, `attribute` …) and id. */
export interface EntityRef {
  entityType: string
  entityId: string
}

/**
 * One entity's history from the audit log, newest first: every event with its actor, time and
 * revision. `after` is the endCursor of the previous page (an event position); the next page
 * holds the events before it. Any resource's `history` field serves from here.
 *
 * @example await readEntityHistory(db, storeId, { entityType: 'product', entityId: id }, { first: 10 })
 */
export async function readEntityHistory(
  db: AnyDb,
  storeId: string,
  entity: EntityRef,
  args: { first?: number | null; after?: string | null },
  options: { count?: boolean } = {},
): Promise<AuditPage> {
  const first = args.first ?? DEFAULT_PAGE_SIZE
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE)
    throw badInput(['first'], `first must be between 1 and ${MAX_PAGE_SIZE}; got ${first}`)
  if (args.after != null && !POSITION.test(args.after))
    throw badInput(['after'], 'after must be the endCursor (an event position) of a previous page of this history')
  if (!isUuid(storeId) || !isUuid(entity.entityId)) return page([], first, args.after, 0)
  const query = db
    .selectFrom('audit_log')
    .where('store_id', '=', storeId)
    .where('entity_type', '=', entity.entityType)
    .where('entity_id', '=', entity.entityId.toLowerCase())
  const counted =
    options.count === false
      ? undefined
      : await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst()
  const paged = args.after ? query.where('position', '<', args.after) : query
  const rows = (await paged
    .selectAll()
    .orderBy('position', 'desc')
    .limit(first + 1)
    .execute()) as AuditLogRow[]
  return page(rows, first, args.after, Number(counted?.count ?? 0))
}

function page(
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
