import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { filterProblem, refusal } from '../../domain/shared/boundary.js'
import { badInput } from '../../domain/shared/errors.js'
import type { DateTimeRangeFilter, IntRangeFilter, StringFilter } from '../../domain/shared/list-spec.js'

export type { DateTimeRangeFilter, StringFilter }

/** Any table's expression builder: the helpers take column names as the list specs bind them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Eb = ExpressionBuilder<any, any>

/** Conditions for a text column; `contains` and `startsWith` ignore case. */
export function stringConditions(
  eb: Eb,
  column: string,
  filter: StringFilter | null | undefined,
): Expression<SqlBool>[] {
  if (!filter) return []
  const conditions: Expression<SqlBool>[] = []
  if (filter.eq != null) conditions.push(eb(column, '=', filter.eq))
  if (filter.in != null) conditions.push(inList(column, filter.in))
  if (filter.contains != null) conditions.push(eb(column, 'ilike', `%${escapeLike(filter.contains)}%`))
  if (filter.startsWith != null) conditions.push(eb(column, 'ilike', `${escapeLike(filter.startsWith)}%`))
  return conditions
}

/**
 * `column` is one of `values` (none: false). Duplicates are dropped and the list travels as one
 * array parameter: Postgres takes at most 65,535 parameters in a query, a client's list may be longer.
 */
export function inList(column: string, values: readonly string[]): Expression<SqlBool> {
  const distinct = [...new Set(values)]
  return distinct.length ? sql<SqlBool>`${sql.ref(column)} = any(${distinct}::text[])` : sql<SqlBool>`false`
}

/** Words of one search: more narrow nothing that the first few have not, and each costs a condition. */
export const SEARCH_WORDS_MAX = 32

/** The words of a `search` filter, at most `SEARCH_WORDS_MAX`: a pasted page would overflow the statement's parameters. */
export function searchWords(search: string | null | undefined): string[] {
  const words = (search ?? '').trim().split(/\s+/).filter(Boolean)
  if (words.length > SEARCH_WORDS_MAX)
    throw badInput(
      ['filter', 'search'],
      `search may hold at most ${SEARCH_WORDS_MAX} words; got ${words.length}: search for the few that matter`,
    )
  return words
}

/** From inclusive, to exclusive. */
export function dateRangeConditions(
  eb: Eb,
  column: string,
  filter: DateTimeRangeFilter | null | undefined,
): Expression<SqlBool>[] {
  const date = (value: string | Date | null | undefined) => (value == null ? null : new Date(value))
  return boundConditions(eb, column, date(filter?.from), date(filter?.to), '<')
}

/** Both ends inclusive. */
export function intRangeConditions(
  eb: Eb,
  column: string,
  filter: IntRangeFilter | null | undefined,
): Expression<SqlBool>[] {
  return boundConditions(eb, column, filter?.min, filter?.max, '<=')
}

/** The conditions of the bounds of a range that are given: `lower` inclusive, `upper` as `below` says. */
function boundConditions<Value>(
  eb: Eb,
  column: string,
  lower: Value | null | undefined,
  upper: Value | null | undefined,
  below: '<' | '<=',
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = []
  if (lower != null) conditions.push(eb(column, '>=', lower))
  if (upper != null) conditions.push(eb(column, below, upper))
  return conditions
}

/** Every word of `search` in one of `columns`, ignoring case. */
export function searchConditions(
  eb: Eb,
  columns: readonly string[],
  search: string | null | undefined,
): Expression<SqlBool>[] {
  return searchWords(search).map((word) => {
    const pattern = `%${escapeLike(word)}%`
    return eb.or(columns.map((column) => eb(column, 'ilike', pattern)))
  })
}

type Combinable<Filter> = { and?: readonly Filter[] | null; or?: readonly Filter[] | null }

/**
 * Turns a filter with `and`/`or` lists into one condition; `own` gives the conditions of one
 * level (all of which must hold). The filter's bounds are checked first (the transports check
 * them too, with the argument's own path): the recursion below, and kysely's compiling of the
 * result, are then at most 5 levels deep and 500 branches wide.
 */
export function combineFilter<Filter extends Combinable<Filter>>(
  eb: Eb,
  filter: Filter | null | undefined,
  own: (eb: Eb, filter: Filter) => Expression<SqlBool>[],
): Expression<SqlBool> {
  const problem = filter ? filterProblem(filter, ['filter']) : undefined
  if (problem) throw refusal(problem)
  return combineChecked(eb, filter, own)
}

function combineChecked<Filter extends Combinable<Filter>>(
  eb: Eb,
  filter: Filter | null | undefined,
  own: (eb: Eb, filter: Filter) => Expression<SqlBool>[],
): Expression<SqlBool> {
  if (!filter) return sql<SqlBool>`true`
  const conditions = own(eb, filter)
  if (filter.and?.length) conditions.push(eb.and(filter.and.map((f) => combineChecked(eb, f, own))))
  if (filter.or?.length) conditions.push(eb.or(filter.or.map((f) => combineChecked(eb, f, own))))
  return conditions.length ? eb.and(conditions) : sql<SqlBool>`true`
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
