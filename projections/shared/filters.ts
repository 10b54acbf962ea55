import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'

/** `StringFilter` of the GraphQL conventions. */
export interface StringFilter {
  eq?: string | null
  in?: readonly string[] | null
  contains?: string | null
  startsWith?: string | null
}

/** `DateTimeRangeFilter`: inclusive `from`, exclusive `to`. */
export interface DateTimeRangeFilter {
  from?: string | Date | null
  to?: string | Date | null
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = ExpressionBuilder<any, any>

/** Conditions for a text column; `contains` and `startsWith` ignore case. */
export function stringConditions(eb: Eb, column: string, filter: StringFilter | null | undefined): Expression<SqlBool>[] {
  if (!filter) return []
  const conditions: Expression<SqlBool>[] = []
  if (filter.eq != null) conditions.push(eb(column, '=', filter.eq))
  if (filter.in != null) conditions.push(filter.in.length ? eb(column, 'in', filter.in) : sql<SqlBool>`false`)
  if (filter.contains != null) conditions.push(eb(column, 'ilike', `%${escapeLike(filter.contains)}%`))
  if (filter.startsWith != null) conditions.push(eb(column, 'ilike', `${escapeLike(filter.startsWith)}%`))
  return conditions
}

export function dateRangeConditions(eb: Eb, column: string, filter: DateTimeRangeFilter | null | undefined): Expression<SqlBool>[] {
  if (!filter) return []
  const conditions: Expression<SqlBool>[] = []
  if (filter.from != null) conditions.push(eb(column, '>=', new Date(filter.from)))
  if (filter.to != null) conditions.push(eb(column, '<', new Date(filter.to)))
  return conditions
}

/**
 * Turns a filter with `and`/`or` lists into one condition; `own` gives the conditions of one
 * level (all of which must hold).
 */
export function combineFilter<Filter extends { and?: readonly Filter[] | null; or?: readonly Filter[] | null }>(
  eb: Eb,
  filter: Filter | null | undefined,
  own: (eb: Eb, filter: Filter) => Expression<SqlBool>[],
): Expression<SqlBool> {
  if (!filter) return sql<SqlBool>`true`
  const conditions = own(eb, filter)
  if (filter.and?.length) conditions.push(eb.and(filter.and.map((f) => combineFilter(eb, f, own))))
  if (filter.or?.length) conditions.push(eb.or(filter.or.map((f) => combineFilter(eb, f, own))))
  return conditions.length ? eb.and(conditions) : sql<SqlBool>`true`
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
