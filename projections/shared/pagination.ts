import { sql, type SelectQueryBuilder } from 'kysely'
import { dateTimeProblem, textProblem } from '../../domain/shared/boundary.js'
import { badInput } from '../../domain/shared/errors.js'
import { isUuid } from '../../domain/shared/ids.js'
import { INT4_MAX } from '../../domain/shared/input-types.js'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ListArgs } from '../../domain/shared/list-spec.js'

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ListArgs }

export interface PageInfo {
  hasNextPage: boolean
  hasPreviousPage: boolean
  startCursor: string | null
  endCursor: string | null
  page: number | null
  totalPages: number | null
}

export interface Connection<Row> {
  nodes: Row[]
  edges: { node: Row; cursor: string }[]
  pageInfo: PageInfo
  totalCount: number
}

export interface PaginateOptions<Row = never> {
  /** Count the filtered rows (for totalCount and totalPages); default true. */
  count?: boolean
  /** The count, already known (the storefront's facet index has it): no statement counts again. */
  total?: number
  /** The store's currency, already known (the storefront's render context has it): a price filter reads no store row. */
  currency?: string
  /**
   * Page mode only: the ids of a page's rows, in the list's filter and sort, chosen by an index
   * that holds both (the storefront's facet index): SQL then reads just those rows, still under
   * the list's filter, instead of ordering every matching row to reach the page.
   */
  choose?: (offset: number, limit: number) => readonly string[]
  /**
   * With `choose`: the chosen rows, in the order of their ids, from where the index's owner keeps
   * them as current as the index itself (the storefront's kept products), instead of SQL. An id
   * without a row (deleted since) is left out.
   */
  read?: (ids: readonly string[]) => Promise<readonly (Row | null)[]>
}

/**
 * The same page with each node mapped: the cursors, page info and total stay. Lists map their
 * rows to records with it, and `app/` its records to views.
 */
export function mapConnection<Row, Node>(page: Connection<Row>, toNode: (row: Row) => Node): Connection<Node> {
  return {
    ...page,
    nodes: page.nodes.map(toNode),
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toNode(edge.node) })),
  }
}

/** A sort on one column; ties are always broken by `id` in the same direction. */
export interface SortSpec {
  column: string
  direction: 'asc' | 'desc'
}

/**
 * The sort enum of a list from its sortable columns: `{ TITLE: 'title' }` gives `TITLE_ASC` and
 * `TITLE_DESC`, the names API-CONVENTIONS.md asks for.
 */
export function sortOptions<Name extends string>(
  columns: Record<Name, string>,
): Record<`${Name}_ASC` | `${Name}_DESC`, SortSpec> {
  const options: Record<string, SortSpec> = {}
  for (const [name, column] of Object.entries<string>(columns)) {
    options[`${name}_ASC`] = { column, direction: 'asc' }
    options[`${name}_DESC`] = { column, direction: 'desc' }
  }
  return options as Record<`${Name}_ASC` | `${Name}_DESC`, SortSpec>
}

interface Mode {
  kind: 'page' | 'cursor'
  size: number
  page: number
  /** Cursor mode walking backward (`last`, `before`): the rows are read in the opposite order, then reversed. */
  backward: boolean
  /** The row the page starts after (forward) or ends before (backward). */
  bound: { value: unknown; id: string } | null
}

/**
 * Runs a filtered select as one page of a connection, in page mode (`page`, `limit`) or cursor
 * mode, forward (`first`, `after`) or backward (`last`, `before`). The query must select `id` and
 * the sort column. Cursors carry the sort value and the id, so keyset pagination never skips or
 * repeats a row, in either direction.
 *
 * @example paginate(db.selectFrom('products').selectAll().where('store_id', '=', storeId), args, { column: 'created_at', direction: 'desc' })
 */
export async function paginate<Row extends { id: string }>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table: only `id` and the sort column are read
  query: SelectQueryBuilder<any, any, Row>,
  args: ListArgs,
  sort: SortSpec,
  options: PaginateOptions<Row> = {},
): Promise<Connection<Row>> {
  const mode = readMode(args, sort)
  // Counting reads every matching row: only when the client asked for totalCount or totalPages.
  const totalCount = (options.count ?? true) ? (options.total ?? (await count(query))) : null

  if (mode.kind === 'page') {
    const offset = (mode.page - 1) * mode.size
    const ordered = query.orderBy(sort.column, sort.direction).orderBy('id', sort.direction)
    // One more row than the page tells whether a next page exists.
    const chosen = options.choose?.(offset, mode.size + 1)
    let rows: Row[]
    if (!chosen)
      rows = (await ordered
        .limit(mode.size + 1)
        .offset(offset)
        .execute()) as Row[]
    else if (chosen.length === 0) rows = []
    else if (options.read) rows = (await options.read(chosen)).filter((row) => row !== null)
    else rows = (await ordered.where('id', 'in', chosen).execute()) as Row[]
    return connection(
      rows.slice(0, mode.size),
      sort,
      {
        hasNextPage: rows.length > mode.size,
        hasPreviousPage: mode.page > 1,
        page: mode.page,
        totalPages: totalCount === null ? null : Math.max(1, Math.ceil(totalCount / mode.size)),
      },
      totalCount,
    )
  }

  // Walking backward reads the rows before the cursor nearest first: the sort turned around.
  const flip = { asc: 'desc', desc: 'asc' } as const
  const direction = mode.backward ? flip[sort.direction] : sort.direction
  let page = query.orderBy(sort.column, direction).orderBy('id', direction)
  if (mode.bound) {
    const { value, id } = mode.bound
    const op = direction === 'asc' ? '>' : '<'
    // A number goes as bigint whatever the column: a forged cursor's number never overflows an
    // integer column, and Postgres compares integer with bigint through the same index.
    // Anything else goes as text for Postgres to read as the column's type: the drivers' own
    // encoders would throw on a forged cursor's boolean for a date column before Postgres could refuse it.
    const bound =
      typeof value === 'number'
        ? sql`${value}::bigint`
        : value instanceof Date
          ? value.toISOString()
          : value === null
            ? null
            : String(value)
    page = page.where((eb) => eb(eb.refTuple(sort.column, 'id'), op, eb.tuple(bound, id)))
  }
  const rows = (await page
    .limit(mode.size + 1)
    .execute()
    .catch((error: unknown) => {
      // A forged cursor may hold a well-formed value of another type than the sort column ('abc'
      // for a date, a number for a date): Postgres refuses to read or compare it.
      throw mode.bound && isTypeMismatch(error)
        ? cursorRefused(mode.backward ? 'before' : 'after', 'holds a value of another type than this sort')
        : error
    })) as Row[]
  const more = rows.length > mode.size
  const kept = rows.slice(0, mode.size)
  return connection(
    mode.backward ? kept.reverse() : kept,
    sort,
    {
      hasNextPage: mode.backward ? mode.bound !== null : more,
      hasPreviousPage: mode.backward ? more : mode.bound !== null,
      page: null,
      totalPages: null,
    },
    totalCount,
  )
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function count(query: SelectQueryBuilder<any, any, unknown>): Promise<number> {
  const counted = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirst()
  return Number((counted as { count?: string | number } | undefined)?.count ?? 0)
}

function connection<Row extends { id: string }>(
  rows: Row[],
  sort: SortSpec,
  info: Omit<PageInfo, 'startCursor' | 'endCursor'>,
  totalCount: number | null,
): Connection<Row> {
  const edges = rows.map((node) => ({
    node,
    cursor: encodeCursor(sort, (node as Record<string, unknown>)[sort.column], node.id),
  }))
  return {
    nodes: rows,
    edges,
    pageInfo: { ...info, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null },
    // Not counted because not asked for: the resolver never reads it.
    totalCount: totalCount ?? 0,
  }
}

function readMode(args: ListArgs, sort: SortSpec): Mode {
  const forward = args.first != null || args.after != null
  const backward = args.last != null || args.before != null
  if ((args.page != null || args.limit != null) && (forward || backward)) {
    throw badInput(
      [forward ? 'first' : 'last'],
      `page mode (page, limit) and cursor mode (${forward ? 'first, after' : 'last, before'}) cannot be mixed; use one of them`,
    )
  }
  if (args.first != null && args.last != null) {
    throw badInput(['last'], 'first and last cannot be given together; first reads forward, last backward')
  }
  if (args.after != null && args.before != null) {
    throw badInput(['before'], 'after and before cannot be given together; after reads forward, before backward')
  }
  if (forward && backward) {
    throw badInput(
      [args.after != null ? 'last' : 'before'],
      'a cursor page goes one way: first with after (forward), or last with before (backward)',
    )
  }
  if (forward || backward) {
    const [sizeField, cursorField] = backward ? (['last', 'before'] as const) : (['first', 'after'] as const)
    const cursor = args[cursorField]
    return {
      kind: 'cursor',
      size: checkSize(sizeField, args[sizeField]),
      page: 1,
      backward,
      bound: cursor ? decodeCursor(cursor, sort, cursorField) : null,
    }
  }
  const page = args.page ?? 1
  // GraphQL's Int stops there; an MCP number would not, and its offset would overflow.
  if (!Number.isInteger(page) || page < 1) throw badInput(['page'], `page must be 1 or more; got ${page}`)
  if (page > INT4_MAX) throw badInput(['page'], `page must be at most ${INT4_MAX}; got ${page}`)
  return { kind: 'page', size: checkSize('limit', args.limit), page, backward: false, bound: null }
}

function checkSize(field: 'limit' | 'first' | 'last', value: number | null | undefined): number {
  if (value == null) return DEFAULT_PAGE_SIZE
  if (!Number.isInteger(value) || value < 1 || value > MAX_PAGE_SIZE) {
    throw badInput([field], `${field} must be between 1 and ${MAX_PAGE_SIZE}; got ${value}`)
  }
  return value
}

/** The sort the cursor was made for travels with it: a cursor of another sort would skip rows. */
function encodeCursor(sort: SortSpec, value: unknown, id: string): string {
  const plain = value instanceof Date ? { d: value.toISOString() } : { v: value }
  return Buffer.from(JSON.stringify([`${sort.column}:${sort.direction}`, plain, id])).toString('base64url')
}

const cursorRefused = (field: 'after' | 'before', why: string) =>
  badInput(
    [field],
    field === 'after'
      ? `after ${why}; pass the endCursor of a previous page of this list with the same sort`
      : `before ${why}; pass the startCursor of a following page of this list with the same sort`,
  )

/** Postgres data exceptions (class 22), an operator missing for the two types (42883), or a type mismatch (42804). */
const isTypeMismatch = (error: unknown): boolean =>
  /^(22...|42883|42804)$/.test(String((error as { code?: unknown } | null)?.code ?? ''))

function decodeCursor(cursor: string, sort: SortSpec, field: 'after' | 'before'): { value: unknown; id: string } {
  const refuse = (why: string) => cursorRefused(field, why)
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw refuse('is not a cursor this list returned')
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw refuse('is not a cursor this list returned')
  const [signature, plain, id] = parsed as [unknown, { d?: unknown; v?: unknown } | null, unknown]
  if (signature !== `${sort.column}:${sort.direction}`) throw refuse('was made for another sort')
  if (typeof id !== 'string' || !isUuid(id) || typeof plain !== 'object' || plain === null)
    throw refuse('is not a cursor this list returned')
  // Cursors are the client's to send back, so they are input: what they hold must be storable.
  if (plain.d !== undefined) {
    const date = new Date(String(plain.d))
    if (dateTimeProblem(date)) throw refuse('is not a cursor this list returned')
    return { value: date, id }
  }
  const value = plain.v
  const storable =
    value === null ||
    typeof value === 'boolean' ||
    (typeof value === 'string' && !textProblem(value)) ||
    (typeof value === 'number' && Number.isSafeInteger(value))
  if (!storable) throw refuse('is not a cursor this list returned')
  return { value, id }
}
