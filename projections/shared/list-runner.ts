import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely'
import { badInput } from '../../domain/shared/errors.js'
import { isUuid } from '../../domain/shared/ids.js'
import {
  sortValues,
  type AnyListSpec,
  type DateTimeRangeFilter,
  type FilterField,
  type FilterOf,
  type IntRangeFilter,
  type ListArgsOf,
  type SortOf,
  type StringFilter,
} from '../../domain/shared/list-spec.js'
import {
  combineFilter,
  dateRangeConditions,
  inList,
  intRangeConditions,
  searchConditions,
  stringConditions,
  type Eb,
} from './filters.js'
import { mapConnection, paginate, type Connection, type PaginateOptions, type SortSpec } from './pagination.js'

/** The conditions of one filter field, for a field no plain column answers. */
export type Condition<Value> = (eb: Eb, value: Value) => Expression<SqlBool> | Expression<SqlBool>[]

/**
 * How one filter field reaches the table: a column for the kinds with standard conditions, the
 * columns a `search` looks in, or a condition of its own (always for custom, money and tag fields).
 */
export type FieldBinding<Field extends FilterField> = Field extends { kind: 'custom' | 'moneyRange' | 'tags' }
  ? Condition<NonNullable<Field['value']>>
  : Field extends { kind: 'search' }
    ? readonly string[] | Condition<string>
    : string | Condition<NonNullable<Field['value']>>

/** The filter kinds no column answers by itself: a field of one always names its binding. */
type UnboundField = { kind: 'custom' | 'moneyRange' | 'tags' | 'search' }

/** The bindings of a spec's filter fields: required for the unbound kinds, else only where the column is not the field's. */
type FilterBindings<S extends AnyListSpec> = {
  [K in keyof S['filters'] as S['filters'][K] extends UnboundField ? K : never]: FieldBinding<S['filters'][K]>
} & { [K in keyof S['filters'] as S['filters'][K] extends UnboundField ? never : K]?: FieldBinding<S['filters'][K]> }

/**
 * Where a list's filter fields and sort keys differ from their columns. A field or sort left out
 * reads the column named after it in snake case (`updatedAt` and `UPDATED_AT` → `updated_at`).
 */
export interface ListBinding<S extends AnyListSpec> {
  /** Filter field → its column, the columns a search looks in, or the condition of an odd field. */
  filters?: FilterBindings<S>
  /** Sort key → the column it orders by; ties are broken by `id`. */
  sorts?: Partial<Record<S['sorts'][number], string>>
}

/** A list's reader: one page of what an owner (a store, an organization…) holds, as records. */
export type ListReader<Db, Owner, Args, Item> = (
  db: Db,
  owner: Owner,
  args?: Args,
  options?: PaginateOptions,
) => Promise<Connection<Item>>

/** The binding argument of `listRunner`: required when a filter field has no column of its own. */
type BindingArgs<S extends AnyListSpec> =
  Record<string, never> extends FilterBindings<S> ? [binding?: ListBinding<S>] : [binding: ListBinding<S>]

export interface ListRunner<S extends AnyListSpec> {
  spec: S
  /** The sort named (the spec's default when omitted); BAD_USER_INPUT on `sort` for a name the spec lacks. */
  sortOf(name: SortOf<S> | null | undefined): SortSpec
  /** The filter as one condition, its bounds checked first (BAD_USER_INPUT on `filter…`). */
  where(eb: Eb, filter: FilterOf<S> | null | undefined): Expression<SqlBool>
  /**
   * The conditions of one level of the filter, its `and`/`or` left out: for a caller that walks
   * the levels itself with `combineFilter`, adding conditions of its own (product facets).
   */
  conditions(eb: Eb, level: FilterOf<S>): Expression<SqlBool>[]
  /**
   * One page of `query` filtered and sorted as `args` say, in page mode or cursor mode (forward
   * or backward). The query must select `id` and the sort columns.
   */
  run<Row extends { id: string }>(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table: the binding names its columns
    query: SelectQueryBuilder<any, any, Row>,
    args: ListArgsOf<S>,
    options?: PaginateOptions,
  ): Promise<Connection<Row>>
  /**
   * The reader of a list: `rows` selects what the owner holds (narrowed by the list's own
   * arguments where it has any), and each row of the page is made a record.
   *
   * @example
   *   export const listMembers = members.reader(
   *     (db: AnyDb, organizationId: string) => accounts(db).selectFrom('members').selectAll().where('organization_id', '=', organizationId),
   *     toMember,
   *   )
   */
  reader<Db, Owner, Row extends { id: string }, Item, Args extends ListArgsOf<S> = ListArgsOf<S>>(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table: the binding names its columns
    rows: (db: Db, owner: Owner, args: Args) => SelectQueryBuilder<any, any, Row>,
    toRecord: (row: NoInfer<Row>) => Item,
  ): ListReader<Db, Owner, Args, Item>
}

/**
 * Binds a list spec to a table: the `where` of its filter and the `orderBy` of its sorts, run in
 * both pagination modes. Fields and sorts read the column named after them unless `binding` says
 * otherwise.
 *
 * @example
 * const pages = listRunner(PAGE_LIST, { filters: { search: ['title', 'body'] }, sorts: { PUBLISHED_AT: 'published_sort' } })
 * await pages.run(db.selectFrom('pages').selectAll().where('store_id', '=', storeId), { last: 10, sort: 'TITLE_ASC' })
 */
export function listRunner<S extends AnyListSpec>(spec: S, ...[binding = {}]: BindingArgs<S>): ListRunner<S> {
  const sorts = new Map<string, SortSpec>()
  const columns: Readonly<Record<string, string | undefined>> = binding.sorts ?? {}
  for (const key of spec.sorts as readonly string[]) {
    const column = columns[key] ?? key.toLowerCase()
    sorts.set(`${key}_ASC`, { column, direction: 'asc' })
    sorts.set(`${key}_DESC`, { column, direction: 'desc' })
  }
  const bindings: Readonly<Record<string, string | readonly string[] | Condition<unknown> | undefined>> =
    binding.filters ?? {}
  const fields = Object.entries<FilterField>(spec.filters).map(([name, field]) => ({
    name,
    kind: field.kind,
    bound: bindings[name] ?? snakeCase(name),
  }))

  const own = (eb: Eb, filter: Level): Expression<SqlBool>[] =>
    fields.flatMap(({ name, kind, bound }) => {
      const value = filter[name]
      if (value == null) return []
      if (typeof bound === 'function') return [bound(eb, value)].flat()
      if (typeof bound !== 'string') return searchConditions(eb, bound, value as string)
      return columnConditions(eb, kind, bound, value)
    })

  const runner: ListRunner<S> = {
    spec,
    sortOf(name) {
      const wanted = name ?? spec.defaultSort
      const sort = sorts.get(wanted)
      if (!sort) throw badInput(['sort'], `sort must be one of ${sortValues(spec).join(', ')}; got '${wanted}'`)
      return sort
    },
    // A spec's filter is a level of fields with and/or of the same: what combineFilter walks.
    where: (eb, filter) => combineFilter<Level>(eb, filter as Level | null | undefined, own),
    conditions: (eb, level) => own(eb, level as Level),
    async run(query, args, options = {}) {
      const sort = runner.sortOf(args.sort)
      return paginate(
        query.where((eb) => runner.where(eb, args.filter)),
        args,
        sort,
        options,
      )
    },
    reader: (rows, toRecord) => async (db, owner, args, options) => {
      // Every field of list arguments is optional, so none at all are list arguments; a generic type cannot see that.
      const given = args ?? ({} as NonNullable<typeof args>)
      return mapConnection(await runner.run(rows(db, owner, given), given, options), toRecord)
    },
  }
  return runner
}

/** The column named after a filter field: `updatedAt` → `updated_at`. */
function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

interface Level {
  [field: string]: unknown
  and?: readonly Level[] | null
  or?: readonly Level[] | null
}

/** The standard conditions of a field on a plain column. */
function columnConditions(eb: Eb, kind: FilterField['kind'], column: string, value: unknown): Expression<SqlBool>[] {
  switch (kind) {
    case 'string':
      return stringConditions(eb, column, value as StringFilter)
    case 'dateRange':
      return dateRangeConditions(eb, column, value as DateTimeRangeFilter)
    case 'intRange':
      return intRangeConditions(eb, column, value as IntRangeFilter)
    case 'id':
      // Not an id, so no row's: Postgres would refuse to read it as a uuid.
      return [isUuid(value as string) ? eb(column, '=', (value as string).toLowerCase()) : sql<SqlBool>`false`]
    case 'in':
      return [inList(column, value as readonly string[])]
    default:
      return [eb(column, '=', value)]
  }
}
