import { z } from 'zod'
import { MAX_PAGE_SIZE, filterSchema, sortSchema, type AnyListSpec } from '../../domain/shared/list-spec.js'

// The list arguments and shapes of API-CONVENTIONS.md ("Lists"), as zod for the MCP tools. Range
// checks beyond the type stay in the queries, which answer with the same messages as GraphQL.

const size = (what: string) =>
  z.number().int().min(1).max(MAX_PAGE_SIZE).nullish().describe(`${what}: 1 to ${MAX_PAGE_SIZE}, 20 when omitted.`)

/** Page mode (`page`, `limit`) or cursor mode, forward (`first`, `after`) or backward (`last`, `before`); modes don't mix. */
export const listArgsShape = {
  page: z.number().int().min(1).nullish().describe('Page mode: the page to return, from 1.'),
  limit: size('Page mode: rows per page'),
  first: size('Cursor mode: rows to return'),
  after: z.string().nullish().describe('Cursor mode: pageInfo.endCursor of the previous call, to continue after it.'),
  last: size('Cursor mode backward: rows to return, ending before `before`'),
  before: z
    .string()
    .nullish()
    .describe('Cursor mode backward: pageInfo.startCursor of a later call, to read the rows before it.'),
}

/**
 * The arguments of a list tool over `spec`: `own` arguments first, then page or cursor mode, the
 * spec's filter and its sort, whose default and tie-break `sortNote` states.
 *
 * @example const listMediaArgs = listArgsOf(MEDIA_LIST, 'CREATED_AT_DESC when omitted; ties are broken by id.')
 */
export function listArgsOf<S extends AnyListSpec, Own extends z.ZodRawShape = Record<never, never>>(
  spec: S,
  sortNote: string,
  own?: Own,
) {
  return z.strictObject({
    ...own,
    ...listArgsShape,
    filter: filterSchema(spec).nullish(),
    sort: sortSchema(spec).nullish().describe(sortNote),
  })
}

export {
  dateTimeSchema as dateTime,
  dateTimeRangeFilterSchema as dateTimeRangeFilter,
  stringFilterSchema as stringFilter,
} from '../../domain/shared/list-spec.js'

export const pageInfoSchema = z.object({
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
  startCursor: z.string().nullable(),
  endCursor: z.string().nullable().describe('Pass as after to get the next rows.'),
  page: z.number().int().nullable(),
  totalPages: z.number().int().nullable(),
})

/** `{nodes, pageInfo, totalCount}`: a connection without `edges`, whose cursors `pageInfo` already gives. */
export function listSchema<Node extends z.ZodType>(node: Node) {
  return z.object({ nodes: z.array(node), pageInfo: pageInfoSchema, totalCount: z.number().int() })
}

export const isoString = (date: Date): string => date.toISOString()
