import { z } from 'zod'
import { dateTimeProblem } from '../../domain/shared/boundary.js'
import { MAX_PAGE_SIZE } from '../../projections/shared/pagination.js'

// The list arguments and shapes of API-CONVENTIONS.md ("Lists"), as zod for the MCP tools. Range
// checks beyond the type stay in the queries, which answer with the same messages as GraphQL.

const size = (what: string) =>
  z.number().int().min(1).max(MAX_PAGE_SIZE).nullish().describe(`${what}: 1 to ${MAX_PAGE_SIZE}, 20 when omitted.`)

/** Page mode (`page`, `limit`) or cursor mode (`first`, `after`); the two don't mix. */
export const listArgsShape = {
  page: z.number().int().min(1).nullish().describe('Page mode: the page to return, from 1.'),
  limit: size('Page mode: rows per page'),
  first: size('Cursor mode: rows to return'),
  after: z.string().nullish().describe('Cursor mode: pageInfo.endCursor of the previous call, to continue after it.'),
}

export const stringFilter = z
  .strictObject({
    eq: z.string().nullish(),
    in: z.array(z.string()).nullish(),
    contains: z.string().nullish().describe('Ignores case.'),
    startsWith: z.string().nullish().describe('Ignores case.'),
  })
  .describe('Every given operator must hold.')

/** An ISO-8601 date-time, as GraphQL's `DateTime` takes it: in the years 1–9999 that Postgres holds. */
export const dateTime = z.iso
  .datetime({ offset: true })
  .refine(
    (text) => !dateTimeProblem(new Date(text)),
    'must lie in the years 1 to 9999 (UTC), e.g. 2026-12-01T09:00:00Z',
  )

export const dateTimeRangeFilter = z
  .strictObject({
    from: dateTime.nullish().describe('Inclusive, ISO-8601.'),
    to: dateTime.nullish().describe('Exclusive, ISO-8601.'),
  })
  .describe('A time range.')

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
