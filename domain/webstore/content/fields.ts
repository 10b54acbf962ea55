import { z } from 'zod'
import { badInput } from '../../shared/errors.js'
import { isMenuUrl } from '../menu/links.js'
import { sanitizeBody } from '../shared/html-body.js'

/** What a content field holds; the reference types hold ids checked to exist in the store. */
export const CONTENT_FIELD_TYPES = [
  'TEXT',
  'RICH_TEXT',
  'NUMBER',
  'BOOLEAN',
  'DATE',
  'URL',
  'MEDIA',
  'PRODUCT_REFERENCE',
  'CATEGORY_REFERENCE',
  'PAGE_REFERENCE',
] as const
export type ContentFieldType = (typeof CONTENT_FIELD_TYPES)[number]
export const REFERENCE_TYPES = ['MEDIA', 'PRODUCT_REFERENCE', 'CATEGORY_REFERENCE', 'PAGE_REFERENCE'] as const
export type ReferenceType = (typeof REFERENCE_TYPES)[number]

export const MAX_FIELDS = 50
export const MAX_LIST_VALUES = 100
export const TEXT_MAX_LENGTH = 10_000
export const CHOICE_MAX_LENGTH = 255

/** Optional limits on a field's values: `min`/`max` for numbers, `maxLength` and `choices` for text. */
export type FieldValidations = {
  min: number | null
  max: number | null
  maxLength: number | null
  choices: string[] | null
}

/** One field of a content type. `list`: the value is a list of values of `type`. */
export type ContentField = {
  key: string
  name: string
  type: ContentFieldType
  required: boolean
  list: boolean
  validations: FieldValidations
}

export type FieldValue = string | number | boolean | null | (string | number | boolean)[]

const validationsInput = z
  .strictObject({
    min: z.number({ error: 'validations.min must be a number' }).nullish(),
    max: z.number({ error: 'validations.max must be a number' }).nullish(),
    maxLength: z
      .int({ error: 'validations.maxLength must be a whole number' })
      .min(1, 'validations.maxLength must be at least 1')
      .max(TEXT_MAX_LENGTH)
      .nullish(),
    choices: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'choices must not be empty strings')
          .max(CHOICE_MAX_LENGTH, `a choice must be at most ${CHOICE_MAX_LENGTH} characters`),
      )
      .min(1, 'validations.choices needs at least one choice')
      .max(100)
      .nullish(),
  })
  .transform((v): FieldValidations => ({
    min: v.min ?? null,
    max: v.max ?? null,
    maxLength: v.maxLength ?? null,
    choices: v.choices ?? null,
  }))

export const contentFieldInput = z
  .strictObject({
    key: z
      .string({ error: 'key is required' })
      .regex(
        /^[a-z][a-z0-9_]{0,63}$/,
        "key must start with a lowercase letter and hold only a-z, 0-9 and '_' (at most 64), e.g. 'hero_image'",
      ),
    name: z.string({ error: 'name must be a string' }).trim().min(1, 'name must not be empty').max(255).nullish(),
    type: z.enum(CONTENT_FIELD_TYPES, { error: `type must be one of ${CONTENT_FIELD_TYPES.join(', ')}` }),
    required: z.boolean({ error: 'required must be true or false' }).nullish(),
    list: z.boolean({ error: 'list must be true or false' }).nullish(),
    validations: validationsInput.nullish(),
  })
  .transform((f): ContentField => ({
    key: f.key,
    name: f.name ?? f.key,
    type: f.type,
    required: f.required ?? false,
    list: f.list ?? false,
    validations: f.validations ?? { min: null, max: null, maxLength: null, choices: null },
  }))

/** The field list of a type: at most `MAX_FIELDS`, keys unique. */
export const contentFieldsInput = z
  .array(contentFieldInput)
  .min(1, 'a content type needs at least one field')
  .max(MAX_FIELDS, `a content type holds at most ${MAX_FIELDS} fields`)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>()
    fields.forEach((field, index) => {
      if (seen.has(field.key))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'key'],
          message: `key '${field.key}' appears twice; every field needs its own key`,
        })
      seen.add(field.key)
    })
  })

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/

/**
 * An entry's values checked against its type and normalised (rich text sanitized, ids
 * lowercased). Keys not in the type, missing required fields and wrong values are BAD_USER_INPUT
 * at `['input', 'fields', key]` (and the list index).
 *
 * @example validateEntryFields(fields, { price: 12.5, title: 'Summer' })
 */
export function validateEntryFields(
  fields: readonly ContentField[],
  values: Readonly<Record<string, unknown>>,
): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {}
  for (const key of Object.keys(values)) {
    if (!fields.some((field) => field.key === key))
      throw badInput(
        ['input', 'fields', key],
        `the type has no field '${key}'; its fields are ${fields.map((f) => f.key).join(', ')}`,
      )
  }
  for (const field of fields) {
    const raw = values[field.key]
    const path = ['input', 'fields', field.key]
    if (raw === undefined || raw === null || (field.list && Array.isArray(raw) && raw.length === 0)) {
      if (field.required) throw badInput(path, `${field.key} is required by the content type; give it a value`)
      continue
    }
    if (field.list) {
      if (!Array.isArray(raw)) throw badInput(path, `${field.key} is a list: give an array of values`)
      if (raw.length > MAX_LIST_VALUES) throw badInput(path, `${field.key} holds at most ${MAX_LIST_VALUES} values`)
      out[field.key] = raw.map((item, index) => fieldValue(field, item, [...path, index]))
    } else {
      out[field.key] = fieldValue(field, raw, path)
    }
  }
  return out
}

function fieldValue(field: ContentField, raw: unknown, path: (string | number)[]): string | number | boolean {
  const { min, max, maxLength, choices } = field.validations
  const fail = (what: string) => badInput(path, `${field.key} ${what}`)
  switch (field.type) {
    case 'TEXT': {
      if (typeof raw !== 'string') throw fail('must be text')
      if (maxLength !== null && raw.length > maxLength) throw fail(`must be at most ${maxLength} characters`)
      if (raw.length > TEXT_MAX_LENGTH) throw fail(`must be at most ${TEXT_MAX_LENGTH} characters`)
      if (choices !== null && !choices.includes(raw)) throw fail(`must be one of ${choices.join(', ')}`)
      return raw
    }
    case 'RICH_TEXT':
      if (typeof raw !== 'string') throw fail('must be HTML text')
      if (raw.length > TEXT_MAX_LENGTH * 10) throw fail(`must be at most ${TEXT_MAX_LENGTH * 10} characters`)
      return sanitizeBody(raw)
    case 'NUMBER':
      if (typeof raw !== 'number' || !Number.isFinite(raw)) throw fail('must be a number')
      if (min !== null && raw < min) throw fail(`must be at least ${min}`)
      if (max !== null && raw > max) throw fail(`must be at most ${max}`)
      return raw
    case 'BOOLEAN':
      if (typeof raw !== 'boolean') throw fail('must be true or false')
      return raw
    case 'DATE':
      if (typeof raw !== 'string' || !DATE.test(raw) || Number.isNaN(Date.parse(raw)))
        throw fail("must be a date like '2026-06-21' or an ISO-8601 date-time")
      return raw
    case 'URL':
      if (typeof raw !== 'string' || !isMenuUrl(raw))
        throw fail("must be an http(s) URL, a path starting with '/', mailto: or tel:")
      return raw
    default:
      if (typeof raw !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw))
        throw fail(`must be the id (a UUID) of a ${referenceNoun(field.type as ReferenceType)}`)
      return raw.toLowerCase()
  }
}

export function referenceNoun(type: ReferenceType): string {
  return { MEDIA: 'media file', PRODUCT_REFERENCE: 'product', CATEGORY_REFERENCE: 'category', PAGE_REFERENCE: 'page' }[
    type
  ]
}

/** Every reference an entry's values hold, with the field it sits in. */
export function referencesOf(
  fields: readonly ContentField[],
  values: Readonly<Record<string, FieldValue>>,
): { type: ReferenceType; id: string; path: (string | number)[] }[] {
  return fields.flatMap((field) => {
    if (!(REFERENCE_TYPES as readonly string[]).includes(field.type) || values[field.key] == null) return []
    const value = values[field.key]!
    const ids = Array.isArray(value)
      ? value.map((id, index) => ({ id: String(id), path: ['input', 'fields', field.key, index] }))
      : [{ id: String(value), path: ['input', 'fields', field.key] }]
    return ids.map((ref) => ({ type: field.type as ReferenceType, ...ref }))
  })
}
