/**
 * The list spec of a resource: its filter fields, sort keys and default sort, declared once as
 * pure data (API-CONVENTIONS.md, "Lists"). The GraphQL SDL (`api/graphql/shared/list-sdl.ts`),
 * the kysely `where`/`orderBy` (`projections/shared/list-runner.ts`) and the MCP tools' zod
 * validation (`filterSchema` below) are all derived from it, so the four can no longer disagree.
 *
 * @example
 * export const PAGE_LIST = defineList({
 *   name: 'Page',
 *   filters: { title: filter.string(), status: filter.enumList('PageStatus', PUBLICATION_STATUSES, 'Any of these statuses.') },
 *   sorts: ['TITLE', 'CREATED_AT'],
 *   defaultSort: 'CREATED_AT_DESC',
 * })
 */
import { z } from 'zod'
import { dateTimeProblem, FILTER_MAX_BRANCHES, filterProblem } from './boundary.js'

export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 250

/** `StringFilter`: every given operator must hold; `contains` and `startsWith` ignore case. */
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

/** `IntRangeFilter`: both ends inclusive. */
export interface IntRangeFilter {
  min?: number | null
  max?: number | null
}

/** `MoneyRangeFilter`: decimal strings, both ends inclusive. */
export interface MoneyRangeFilter {
  min?: string | null
  max?: string | null
}

/** `TagsFilter`: `any` has at least one of the tags, `all` every one. */
export interface TagsFilter {
  any?: readonly string[] | null
  all?: readonly string[] | null
}

interface Field<Kind extends string, Value> {
  kind: Kind
  /** The GraphQL type of the field, e.g. `StringFilter` or `[PageStatus!]`. */
  type: string
  description?: string
  schema: z.ZodType<Value>
  /** Type-level only: the TypeScript value of the field. */
  readonly value?: Value
}

/** One filter field; the kind tells the list runner which conditions a plain column gets. */
export type FilterField =
  | Field<'string', StringFilter>
  | Field<'text', string>
  | Field<'id', string>
  | Field<'boolean', boolean>
  | Field<'int', number>
  | Field<'dateRange', DateTimeRangeFilter>
  | Field<'intRange', IntRangeFilter>
  | Field<'moneyRange', MoneyRangeFilter>
  | Field<'tags', TagsFilter>
  | Field<'in', readonly string[]>
  | Field<'search', string>
  | Field<'custom', unknown>

/** An ISO-8601 date-time, as GraphQL's `DateTime` takes it: in the years 1–9999 that Postgres holds. */
export const dateTimeSchema = z.iso
  .datetime({ offset: true })
  .refine(
    (text) => !dateTimeProblem(new Date(text)),
    'must lie in the years 1 to 9999 (UTC), e.g. 2026-12-01T09:00:00Z',
  )

export const stringFilterSchema: z.ZodType<StringFilter> = z
  .strictObject({
    eq: z.string().nullish(),
    in: z.array(z.string()).nullish(),
    contains: z.string().nullish().describe('Ignores case.'),
    startsWith: z.string().nullish().describe('Ignores case.'),
  })
  .describe('Every given operator must hold.')

export const dateTimeRangeFilterSchema: z.ZodType<DateTimeRangeFilter> = z
  .strictObject({
    from: dateTimeSchema.nullish().describe('Inclusive, ISO-8601.'),
    to: dateTimeSchema.nullish().describe('Exclusive, ISO-8601.'),
  })
  .describe('A time range.')

// Typed as the interface, so a filter built in code may hold readonly lists of tags.
const tagsFilterSchema: z.ZodType<TagsFilter> = z.strictObject({
  any: z.array(z.string()).nullish().describe('Has at least one of these tags.'),
  all: z.array(z.string()).nullish().describe('Has every one of these tags.'),
})

const decimal = z.string().describe('A decimal amount in the store\'s currency, e.g. "19.99".')

function field<Kind extends FilterField['kind'], Value>(
  kind: Kind,
  type: string,
  schema: z.ZodType<Value>,
  description: string | undefined,
): Field<Kind, Value> {
  return { kind, type, schema: description ? schema.describe(description) : schema, description }
}

/** The filter field kinds every list uses, each with its GraphQL type and zod schema. */
export const filter = {
  string: (description?: string) => field('string', 'StringFilter', stringFilterSchema, description),
  text: (description?: string) => field('text', 'String', z.string(), description),
  /** Full-text words (`search: String`); the list runner needs a custom condition for it. */
  search: (description?: string) => field('search', 'String', z.string(), description),
  id: (description?: string) => field('id', 'ID', z.string(), description),
  boolean: (description?: string) => field('boolean', 'Boolean', z.boolean(), description),
  int: (description?: string) => field('int', 'Int', z.number().int(), description),
  dateRange: (description?: string) =>
    field('dateRange', 'DateTimeRangeFilter', dateTimeRangeFilterSchema, description),
  intRange: (description?: string) =>
    field(
      'intRange',
      'IntRangeFilter',
      z.strictObject({ min: z.number().int().nullish(), max: z.number().int().nullish() }),
      description,
    ),
  moneyRange: (description?: string) =>
    field(
      'moneyRange',
      'MoneyRangeFilter',
      z.strictObject({ min: decimal.nullish(), max: decimal.nullish() }),
      description,
    ),
  tags: (description?: string) => field('tags', 'TagsFilter', tagsFilterSchema, description),
  /** Any of these values, e.g. `status: [PageStatus!]` or `mimeType: [String!]`. */
  enumList: <const Value extends string>(type: string, values: readonly Value[], description?: string) =>
    field<'in', readonly Value[]>('in', `[${type}!]`, z.array(z.enum(values)), description),
  strings: (description?: string) => field('in', '[String!]', z.array(z.string()), description),
  /** A field of its own input type (`ProductCategoryFilter`); the runner needs a custom condition for it. */
  custom: <Value>(type: string, schema: z.ZodType<Value>, description?: string) =>
    field<'custom', Value>('custom', type, schema, description),
}

type Fields = Record<string, FilterField>

export interface ListSpec<Name extends string, F extends Fields, Sort extends string> {
  /** The GraphQL type listed: `Page` gives `PageFilter`, `PageSort` and `PageConnection`. */
  name: Name
  filters: F
  /** `TITLE` gives `TITLE_ASC` and `TITLE_DESC`. */
  sorts: readonly Sort[]
  defaultSort: `${Sort}_${'ASC' | 'DESC'}`
  /** The docstring of the filter input, if it has one. */
  filterDescription?: string
  /** The docstring of the sort enum, if it has one. */
  sortDescription?: string
  /** The docstring of the list field's `sort` argument, e.g. what its default means for odd rows. */
  sortArgDescription?: string
  /** Docstrings of single sort values, e.g. `{ PRICE_ASC: 'By lowest variant price…' }`. */
  sortValueDescriptions?: Partial<Record<`${Sort}_${'ASC' | 'DESC'}`, string>>
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any spec, whatever its fields and sorts
export type AnyListSpec = ListSpec<string, any, string>

/** The TypeScript filter of a spec: each field's value, and `and`/`or` of the same filter. */
export type FilterOf<S extends AnyListSpec> = {
  -readonly [K in keyof S['filters']]?: NonNullable<S['filters'][K]['value']> | null
} & {
  and?: readonly FilterOf<S>[] | null
  or?: readonly FilterOf<S>[] | null
}

/** The sort values of a spec: `TITLE_ASC`, `TITLE_DESC`, … */
export type SortOf<S extends AnyListSpec> = `${S['sorts'][number]}_${'ASC' | 'DESC'}`

/** The list arguments every list takes (API-CONVENTIONS.md, "Lists"). */
export interface ListArgs {
  page?: number | null
  limit?: number | null
  first?: number | null
  after?: string | null
  last?: number | null
  before?: string | null
}

/** The arguments of a spec's list: pagination, its filter and its sort. */
export interface ListArgsOf<S extends AnyListSpec> extends ListArgs {
  filter?: FilterOf<S> | null
  sort?: SortOf<S> | null
}

export function defineList<const Name extends string, const F extends Fields, const Sort extends string>(
  spec: ListSpec<Name, F, Sort>,
): ListSpec<Name, F, Sort> {
  return spec
}

/** Every sort value of a spec, in the order of its keys, ascending first. */
export function sortValues<S extends AnyListSpec>(spec: S): SortOf<S>[] {
  return spec.sorts.flatMap((key: string) => [`${key}_ASC`, `${key}_DESC`]) as SortOf<S>[]
}

/**
 * The zod schema of a spec's filter for the MCP list tools: strict objects, `and`/`or` of the
 * same filter, at most 5 levels deep and 100 branches per level (checked before the fields, so a
 * filter bomb is refused by its bounds rather than parsed).
 */
export function filterSchema<S extends AnyListSpec>(spec: S): z.ZodType<FilterOf<S>> {
  const fields: Record<string, z.ZodType> = {}
  for (const [name, one] of Object.entries<FilterField>(spec.filters)) fields[name] = one.schema.nullish()
  const level: z.ZodType<FilterOf<S>> = z.lazy(() =>
    z.strictObject({
      ...fields,
      and: z.array(level).max(FILTER_MAX_BRANCHES).nullish().describe('Every one of these filters must hold.'),
      or: z.array(level).max(FILTER_MAX_BRANCHES).nullish().describe('At least one of these filters must hold.'),
    }),
  ) as z.ZodType<FilterOf<S>>
  return level.superRefine((value, context) => {
    const problem = filterProblem(value, [])
    if (problem) context.addIssue({ code: 'custom', message: problem.message, path: [...problem.path] })
  })
}

/** The zod schema of a spec's sort values. */
export function sortSchema<S extends AnyListSpec>(spec: S): z.ZodType<SortOf<S>> {
  return z.enum(sortValues(spec) as [SortOf<S>, ...SortOf<S>[]])
}
