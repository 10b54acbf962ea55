import { GraphQLScalarType, Kind, type ValueNode } from 'graphql'
import { DateTimeResolver } from 'graphql-scalars'
import {
  JSON_MAX_DEPTH,
  JSON_MAX_LENGTH,
  dateTimeProblem,
  describePath,
  jsonProblem,
} from '../../../domain/shared/boundary.js'

// The input bounds (api/graphql/shared/input-bounds.ts) refuse out-of-range values with their
// field path before graphql-js coerces anything; these scalars refuse the same values by
// themselves, so no other way in (a new transport, a test calling the schema) gets past them.

// Mercurius copies every own property of a scalar resolver onto the SDL's scalar, description too.
export const DATE_TIME_DESCRIPTION =
  'ISO-8601 date and time in UTC, e.g. 2026-11-21T08:00:00.000Z, in the years 1 to 9999.'
export const JSON_DESCRIPTION = `Free-form JSON; used for settings and event payloads only. At most ${JSON_MAX_DEPTH} levels deep and ${JSON_MAX_LENGTH} characters as JSON text.`

function inRange(date: Date): Date {
  const problem = dateTimeProblem(date)
  if (problem) throw new TypeError(`a DateTime ${problem}`)
  return date
}

/** graphql-scalars' RFC 3339 DateTime, limited to the years 1–9999 that every column can store. */
export const dateTimeScalar = new GraphQLScalarType({
  ...DateTimeResolver.toConfig(),
  description: DATE_TIME_DESCRIPTION,
  parseValue: (value) => inRange(DateTimeResolver.parseValue(value) as Date),
  parseLiteral: (node, variables) => inRange(DateTimeResolver.parseLiteral(node, variables) as Date),
})

function storable(value: unknown): unknown {
  const problem = jsonProblem(value)
  if (problem)
    throw new TypeError(`JSON ${problem.path.length ? `at ${describePath(problem.path)} ` : ''}${problem.message}`)
  return value
}

/**
 * A literal as the JSON it spells, without recursion: deeper than `JSON_MAX_DEPTH` is refused on
 * the way down. A variable inside the literal stands for its value.
 */
function literalJson(root: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  const result: { value?: unknown } = {}
  const stack: { node: ValueNode; depth: number; set: (value: unknown) => void }[] = [
    { node: root, depth: 0, set: (value) => (result.value = value) },
  ]
  while (stack.length) {
    const { node, depth, set } = stack.pop()!
    if (depth > JSON_MAX_DEPTH)
      throw new TypeError(
        `JSON is nested more than ${JSON_MAX_DEPTH} levels deep; JSON values may nest at most ${JSON_MAX_DEPTH} levels`,
      )
    switch (node.kind) {
      case Kind.STRING:
      case Kind.ENUM:
        set(node.value)
        break
      case Kind.BOOLEAN:
        set(node.value)
        break
      case Kind.INT:
      case Kind.FLOAT:
        set(Number(node.value))
        break
      case Kind.NULL:
        set(null)
        break
      case Kind.VARIABLE:
        set(variables?.[node.name.value] ?? null)
        break
      case Kind.LIST: {
        const list: unknown[] = []
        set(list)
        node.values.forEach((item, index) =>
          stack.push({ node: item, depth: depth + 1, set: (value) => (list[index] = value) }),
        )
        break
      }
      case Kind.OBJECT: {
        const object: Record<string, unknown> = {}
        set(object)
        for (const field of node.fields)
          stack.push({ node: field.value, depth: depth + 1, set: (value) => (object[field.name.value] = value) })
        break
      }
    }
  }
  return result.value
}

/** Free-form JSON for settings and attribute values, bounded in depth and length (`jsonProblem`). */
export const jsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: JSON_DESCRIPTION,
  serialize: (value) => value,
  parseValue: storable,
  parseLiteral: (node, variables) => storable(literalJson(node, variables)),
})
