/**
 * Checks at the boundary that keep every accepted value storable and every read query bounded
 * (API-CONVENTIONS.md, "Scalars and shapes" and "Lists"). Postgres `text` and `jsonb` cannot hold
 * NUL, `jsonb` refuses unpaired surrogates, `timestamptz` and `date` stop short of year 0 and
 * year 10000: a value that got past the API and then failed in a projection would park the
 * store's read models, so such values are refused on the way in, with the path at fault.
 *
 * Every walk here is iterative: an attacker's input may be nested far deeper than the stack.
 */
import { DomainError } from './errors.js'

export type Path = readonly (string | number)[]

/** What is wrong and where, relative to the value checked. */
export interface Problem {
  path: Path
  message: string
}

/** Nesting levels of a JSON value (`{"a": [1]}` is 2 deep). */
export const JSON_MAX_DEPTH = 32
/** Characters of a JSON value written as JSON text. */
export const JSON_MAX_LENGTH = 64 * 1024
/** Nesting levels of any input: deeper than the deepest legitimate input (a JSON value inside an input). */
export const INPUT_MAX_DEPTH = 64
/** `and`/`or`/`not` nesting levels of a list filter. */
export const FILTER_MAX_DEPTH = 5
/** `and`/`or`/`not` branches of a list filter, counted over each nesting level. */
export const FILTER_MAX_BRANCHES = 100
/** The combinators of every `*Filter` input. */
export const FILTER_COMBINATORS = ['and', 'or', 'not'] as const

/** The first and last instants every date-time column holds: years 1 to 9999, UTC. */
export const DATE_TIME_MIN = Date.parse('0001-01-01T00:00:00.000Z')
export const DATE_TIME_MAX = Date.parse('9999-12-31T23:59:59.999Z')

// Lone surrogates only: with the u flag a surrogate pair is one code point and does not match.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

/** Why Postgres cannot store `text` (NUL, unpaired surrogate), or undefined when it can. */
export function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'holds a NUL character (U+0000), which text cannot store; remove it'
  const surrogate = LONE_SURROGATE.exec(text)
  if (surrogate) {
    const code = surrogate[0].charCodeAt(0).toString(16).toUpperCase()
    return `holds an unpaired UTF-16 surrogate (U+${code}), which is not valid Unicode; send well-formed text`
  }
  return undefined
}

/** Why a date-time cannot be stored (invalid, or outside the years 1–9999 in UTC), or undefined. */
export function dateTimeProblem(date: Date): string | undefined {
  const time = date.getTime()
  if (Number.isNaN(time)) return 'is not a valid date and time'
  if (time < DATE_TIME_MIN || time > DATE_TIME_MAX) {
    return 'must lie in the years 1 to 9999 (UTC), e.g. 2026-12-01T09:00:00Z'
  }
  return undefined
}

/** `describe(['input', 'tags', 1])` → `input.tags.1`, how messages name a field. */
export function describePath(path: Path): string {
  return path.length ? path.join('.') : 'input'
}

/** The BAD_USER_INPUT of a problem: the message starts with the field, `extensions.field` is its path. */
export function refusal(problem: Problem): DomainError {
  return new DomainError('BAD_USER_INPUT', `${describePath(problem.path)} ${problem.message}`, { field: problem.path })
}

/**
 * Refuses a raw command or tool input under `at` (`['input']`) holding a string Postgres cannot
 * store or nested deeper than any input: before zod, whose parse recurses with the value.
 */
export function requireStorable(raw: unknown, at: Path): void {
  const problem = unstorableInput(raw)
  if (problem) throw refusal({ path: [...at, ...problem.path], message: problem.message })
}

/**
 * The first string (value or object key) Postgres cannot store, anywhere in `value`, or a nesting
 * deeper than `INPUT_MAX_DEPTH`. For any input before it is parsed: zod and graphql-js recurse.
 *
 * @example unstorableInput({ title: 'a\u0000b' }) // { path: ['title'], message: 'holds a NUL character …' }
 */
export function unstorableInput(value: unknown): Problem | undefined {
  const stack: { value: unknown; path: Path }[] = [{ value, path: [] }]
  while (stack.length) {
    const { value: current, path } = stack.pop()!
    if (typeof current === 'string') {
      const problem = textProblem(current)
      if (problem) return { path, message: problem }
      continue
    }
    if (!isPlain(current)) continue
    if (path.length >= INPUT_MAX_DEPTH) {
      return {
        path,
        message: `is nested more than ${INPUT_MAX_DEPTH} levels deep; no input nests that deep, so send a flatter value`,
      }
    }
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push({ value: current[index], path: [...path, index] })
      continue
    }
    const entries = Object.entries(current)
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!
      const keyProblem = textProblem(key)
      if (keyProblem) return { path: [...path, key], message: `has a key that ${keyProblem}` }
      stack.push({ value: item, path: [...path, key] })
    }
  }
  return undefined
}

/** Arrays and plain objects: what JSON and GraphQL inputs are made of. A Date or a Buffer holds no text to check. */
function isPlain(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false
  if (Array.isArray(value)) return true
  const prototype = Object.getPrototypeOf(value) as unknown
  return prototype === Object.prototype || prototype === null
}

/**
 * Why `value` is not a JSON value the platform stores (`jsonb`): more than `JSON_MAX_DEPTH` levels,
 * longer than `JSON_MAX_LENGTH` characters as JSON text, a string or key Postgres cannot hold, a
 * number that is not finite, or something that is not JSON at all. Stops at the first problem, so
 * a value nested 10,000 deep costs `JSON_MAX_DEPTH` steps.
 */
export function jsonProblem(value: unknown): Problem | undefined {
  const stack: { value: unknown; path: Path; depth: number }[] = [{ value, path: [], depth: 0 }]
  let length = 0
  const tooLong = (path: Path): Problem => ({
    path,
    message: `is longer than ${JSON_MAX_LENGTH} characters as JSON; store less in one value`,
  })
  while (stack.length) {
    const { value: current, path, depth } = stack.pop()!
    if (current === null || typeof current === 'boolean') {
      length += 5
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return { path, message: 'must be a finite number' }
      length += String(current).length
    } else if (typeof current === 'string') {
      const problem = textProblem(current)
      if (problem) return { path, message: problem }
      length += current.length + 2
    } else if (typeof current === 'object') {
      if (depth >= JSON_MAX_DEPTH)
        return {
          path,
          message: `is nested more than ${JSON_MAX_DEPTH} levels deep; JSON values may nest at most ${JSON_MAX_DEPTH} levels`,
        }
      const entries: [string | number, unknown][] = Array.isArray(current)
        ? current.map((item, index) => [index, item])
        : Object.entries(current)
      length += 2 + entries.length
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!
        if (typeof key === 'string') {
          const problem = textProblem(key)
          if (problem) return { path: [...path, key], message: `has a key that ${problem}` }
          length += key.length + 3
        }
        stack.push({ value: item, path: [...path, key], depth: depth + 1 })
      }
    } else {
      return { path, message: 'is not a JSON value' }
    }
    if (length > JSON_MAX_LENGTH) return tooLong(path)
  }
  return undefined
}

/**
 * Whether a list filter stays within `FILTER_MAX_DEPTH` levels of `and`/`or`/`not` and
 * `FILTER_MAX_BRANCHES` branches on each level (counted over the whole level, so a filter holds
 * at most 500 branches in all). Level by level, counting list lengths before reading them, so an
 * `or` of 10,000 branches or an `and` nested 2,000 deep is refused after a few steps.
 *
 * @example filterProblem({ or: Array(101).fill({}) }, ['filter']) // { path: ['filter', 'or'], message: '… at most 100 …' }
 */
export function filterProblem(filter: unknown, at: Path): Problem | undefined {
  let level: { value: unknown; path: Path }[] = [{ value: filter, path: at }]
  for (let depth = 1; level.length; depth++) {
    const next: { value: unknown; path: Path }[] = []
    for (const { value, path } of level) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue
      for (const combinator of FILTER_COMBINATORS) {
        const branches = (value as Record<string, unknown>)[combinator]
        if (branches == null) continue
        const list = Array.isArray(branches) ? branches : [branches]
        if (!list.length) continue
        const listPath = [...path, combinator]
        if (depth > FILTER_MAX_DEPTH) {
          return {
            path: listPath,
            message: `nests and/or/not more than ${FILTER_MAX_DEPTH} levels deep; a filter may nest them at most ${FILTER_MAX_DEPTH} levels, so flatten it`,
          }
        }
        if (next.length + list.length > FILTER_MAX_BRANCHES) {
          return {
            path: listPath,
            message: `brings level ${depth} of the filter to more than ${FILTER_MAX_BRANCHES} and/or/not branches; a filter may hold at most ${FILTER_MAX_BRANCHES} on each level, so use 'in' lists or split the query`,
          }
        }
        list.forEach((item, index) =>
          next.push({ value: item, path: Array.isArray(branches) ? [...listPath, index] : listPath }),
        )
      }
    }
    level = next
  }
  return undefined
}
