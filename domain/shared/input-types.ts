import { z } from 'zod'
import { dateTimeProblem, jsonProblem } from './boundary.js'
import { named } from './input-names.js'

/** Range of a Postgres `integer`, where positions, counts and quantities are stored. */
export const INT4_MIN = -2_147_483_648
export const INT4_MAX = 2_147_483_647

/** A JSON value as stored in `jsonb`. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/**
 * The one date-time input of every command: an ISO-8601 string with an offset (MCP, CLI) or a
 * Date (GraphQL's DateTime scalar), in the years 1–9999 so every projection can store it,
 * turned into one ISO-8601 UTC string.
 *
 * @example dateTimeInput('publishAt').parse('2026-12-01T10:00:00+01:00') // '2026-12-01T09:00:00.000Z'
 */
export function dateTimeInput(field: string) {
  const format = `${field} must be an ISO-8601 date and time, e.g. 2026-12-01T09:00:00Z`
  const dateTime = z
    .union([z.date({ error: format }), z.iso.datetime({ offset: true, error: format })], { error: format })
    .superRefine((value, check) => {
      const problem = dateTimeProblem(new Date(value))
      if (problem) check.addIssue({ code: 'custom', message: `${field} ${problem}`, input: value })
    })
    .transform((value) => new Date(value).toISOString())
  return named(dateTime, 'DateTime')
}

/**
 * A free-form JSON value, bounded as `jsonb` needs it (see `jsonProblem`): checked without
 * recursion, so a value nested 10,000 deep is refused instead of overflowing the stack.
 */
export function jsonInput(field: string) {
  return z.unknown().transform((value, check): JsonValue => {
    if (value === undefined) {
      check.addIssue({ code: 'custom', message: `${field} is required`, input: value })
      return z.NEVER
    }
    // The issue's path leads into the value, and messages are read after it (`input.value.0.0: is nested …`).
    const problem = jsonProblem(value)
    if (problem) {
      check.addIssue({ code: 'custom', message: problem.message, path: [...problem.path], input: value })
      return z.NEVER
    }
    return value as JsonValue
  })
}

/**
 * An object of id → value (theme, section and store settings, content entry fields): free-form
 * JSON, bounded like every JSON value before the values are checked one by one.
 */
export function jsonObject(error: string) {
  return z.record(z.string(), z.unknown(), { error }).superRefine((value, check) => {
    const problem = jsonProblem(value)
    if (problem) check.addIssue({ code: 'custom', message: problem.message, path: [...problem.path], input: value })
  })
}

/**
 * A whole number that fits the `integer` column it lands in: `min` and `max` default to the
 * column's range, so a value that passes never overflows a projection.
 *
 * @example wholeNumber('position', { min: 0 }) // 0 … 2147483647
 */
export function wholeNumber(field: string, { min = INT4_MIN, max = INT4_MAX }: { min?: number; max?: number } = {}) {
  return z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, min === 0 ? `${field} must be 0 or more` : `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`)
}

/** Titles of content (pages, posts, blogs, collections, menus), unless a resource names its own bound. */
export const TITLE_MAX_LENGTH = 255

/** Descriptions of catalog entries (products, categories). */
export const DESCRIPTION_MAX_LENGTH = 65_535

/** A catalog entry's description, kept as written, at most DESCRIPTION_MAX_LENGTH characters. The caller describes it. */
export function descriptionInput() {
  return z
    .string({ error: 'description must be a string' })
    .max(DESCRIPTION_MAX_LENGTH, `description must be at most ${DESCRIPTION_MAX_LENGTH} characters`)
}

/** `uuid` of an entity, lowercased: stream names are case-sensitive and Postgres prints UUIDs in lowercase. */
export function entityId(what: string, field = 'id') {
  return z
    .uuid({
      error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a ${what} id (a UUID)`),
    })
    .overwrite((id) => id.toLowerCase())
}

export function titleInput(max = TITLE_MAX_LENGTH) {
  return requiredText('title', max)
}

/**
 * Text that must be given (a title, a name): trimmed, not empty, at most `max` characters; its
 * errors name `field`. The caller describes it.
 *
 * @example requiredText('name', THEME_NAME_MAX_LENGTH).describe('The name merchants see in the theme list.')
 */
export function requiredText(field: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`)
}

/**
 * Plain text, trimmed, at most `max` characters; its errors name `field`. The caller describes it.
 *
 * @example textInput('vendor', VENDOR_MAX_LENGTH).describe('The brand or maker; an empty string clears it.')
 */
export function textInput(field: string, max: number) {
  return z
    .string({ error: `${field} must be a string` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
}

/**
 * Tags of an `owner` (a product, a post): each trimmed, not empty and at most `maxLength` characters,
 * at most `maxCount` of them, duplicates dropped. The caller describes them.
 */
export function tagsInput(owner: string, maxCount: number, maxLength: number) {
  return z
    .array(
      z
        .string({ error: 'each tag must be a string' })
        .trim()
        .min(1, 'a tag must not be empty')
        .max(maxLength, `a tag must be at most ${maxLength} characters`),
      { error: 'tags must be a list of strings' },
    )
    .max(maxCount, `a ${owner} may have at most ${maxCount} tags`)
    .overwrite((list) => [...new Set(list)])
}
