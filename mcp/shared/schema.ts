import { z } from 'zod'
import { filterProblem, refusal, requireStorable } from '../../domain/shared/boundary.js'
import { DomainError } from '../../domain/shared/errors.js'

export type JsonSchema = Record<string, unknown>

/**
 * The JSON Schema of a zod schema as a client fills it in (`input`) or reads it (`output`), in
 * draft 7 like the rest of the SDK's tool listing, so `$ref`s use `definitions`.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'any' })
  return json
}

/**
 * A zod object for the SDK's `inputSchema`/`outputSchema` that lists as `json` in tools/list but
 * lets every object through. The SDK would otherwise check arguments itself and answer a bad one
 * with a plain-text message; checking them in the registry (write tools) or `parseArgs` (read
 * tools) instead gives the same `code`, `message` and `field` as GraphQL.
 */
export function advertise(json: JsonSchema): z.ZodObject {
  return z.looseObject({}).meta(json)
}

/**
 * Tool arguments checked against `schema`; a failure is BAD_USER_INPUT naming the argument path,
 * as GraphQL names the argument of a query (`first`, `filter.title.eq`).
 */
export function parseArgs<T>(schema: z.ZodType<T>, raw: unknown): T {
  // The filter bounds first: they name the limit a deep filter breaks.
  const filter = typeof raw === 'object' && raw !== null ? (raw as { filter?: unknown }).filter : undefined
  const bombed = filter == null ? undefined : filterProblem(filter, ['filter'])
  if (bombed) throw refusal(bombed)
  requireStorable(raw, [])
  const parsed = schema.safeParse(raw)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const field = issue.path.map((p) => (typeof p === 'number' ? p : String(p)))
  const message = field.length ? `${field.join('.')}: ${issue.message}` : issue.message
  throw new DomainError('BAD_USER_INPUT', message, field.length ? { field } : {})
}
