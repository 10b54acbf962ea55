import { badInput } from '../../shared/errors.js'
import { dateTimeProblem } from '../../shared/boundary.js'
import { isUuid } from '../../shared/ids.js'
import { DATE_PATTERN } from './commands.js'
import type { AttributeFields, AttributeType } from './events.js'

/**
 * The JSON of a product's value, by type: TEXT, RICH_TEXT, DATE (YYYY-MM-DD), SELECT (an option
 * code), COLOR (#rrggbb) and MEDIA (a media id) are strings; NUMBER a number; BOOLEAN a boolean;
 * MULTISELECT a list of option codes.
 */
export type AttributeValue = string | number | boolean | string[]

/** A value as a product holds it: the attribute's id, code and type travel with it so read models need no lookup. */
export type StoredValue = { attributeId: string; code: string; type: AttributeType; value: AttributeValue }

/** The attribute set a product belongs to, as `prepare` read it: its id, name and member attributes. */
export type SetFacts = { attributeSetId: string; name: string; attributeIds: string[] }

type Field = readonly (string | number)[]

const COLOR = /^#[0-9a-f]{6}$/i

/**
 * The value checked against the attribute's type, options and validation, normalised (colors and
 * media ids lowercase, multiselect codes deduplicated); BAD_USER_INPUT at `field` otherwise.
 *
 * @example validateValue(sizeAttribute, 'xl', ['input', 'values', 0, 'value'])
 */
export function validateValue(attribute: AttributeFields, value: unknown, field: Field): AttributeValue {
  const { code, validation: v } = attribute
  const refuse = (what: string) => badInput(field, `${code}: ${what}`)
  if (value === null || value === undefined)
    throw refuse('a value is required here; to clear the attribute use productAttributesRemove')
  switch (attribute.type) {
    case 'TEXT':
    case 'RICH_TEXT': {
      if (typeof value !== 'string') throw refuse(`a ${attribute.type} value must be a string`)
      if (value.trim() === '')
        throw refuse('the text must not be empty; to clear the attribute use productAttributesRemove')
      if (v.minLength !== null && value.length < v.minLength)
        throw refuse(`the text must be at least ${v.minLength} characters`)
      if (v.maxLength !== null && value.length > v.maxLength)
        throw refuse(`the text must be at most ${v.maxLength} characters`)
      if (v.pattern !== null && !new RegExp(`^(?:${v.pattern})$`, 'u').test(value))
        throw refuse(`the text must match the pattern ${v.pattern}`)
      return value
    }
    case 'NUMBER': {
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw refuse('a NUMBER value must be a number, e.g. 42 or 1.5')
      const unit = v.unit ? ` ${v.unit}` : ''
      if (v.min !== null && value < v.min) throw refuse(`the number must be at least ${v.min}${unit}`)
      if (v.max !== null && value > v.max) throw refuse(`the number must be at most ${v.max}${unit}`)
      if (v.decimals !== null && decimalsOf(value) > v.decimals) {
        throw refuse(
          v.decimals === 0 ? 'the number must be a whole number' : `the number may have at most ${v.decimals} decimals`,
        )
      }
      return value
    }
    case 'BOOLEAN':
      if (typeof value !== 'boolean') throw refuse('a BOOLEAN value must be true or false')
      return value
    case 'DATE': {
      if (typeof value !== 'string' || !isDay(value))
        throw refuse('a DATE value must be a date written YYYY-MM-DD, e.g. 2026-11-21')
      if (v.minDate !== null && value < v.minDate) throw refuse(`the date must be ${v.minDate} or later`)
      if (v.maxDate !== null && value > v.maxDate) throw refuse(`the date must be ${v.maxDate} or earlier`)
      return value
    }
    case 'SELECT':
      if (typeof value !== 'string') throw refuse(`a SELECT value must be one option code: ${optionList(attribute)}`)
      requireOption(attribute, value, field)
      return value
    case 'MULTISELECT': {
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
        throw refuse(`a MULTISELECT value must be a list of option codes: ${optionList(attribute)}`)
      }
      const codes = [...new Set(value as string[])]
      codes.forEach((item) => requireOption(attribute, item, field))
      if (codes.length === 0)
        throw refuse('choose at least one option; to clear the attribute use productAttributesRemove')
      if (v.minSelections !== null && codes.length < v.minSelections)
        throw refuse(`choose at least ${v.minSelections} options`)
      if (v.maxSelections !== null && codes.length > v.maxSelections)
        throw refuse(`choose at most ${v.maxSelections} options`)
      return codes
    }
    case 'COLOR':
      if (typeof value !== 'string' || !COLOR.test(value))
        throw refuse('a COLOR value must be a hex color #rrggbb, e.g. #ff0000')
      return value.toLowerCase()
    case 'MEDIA':
      if (typeof value !== 'string' || !isUuid(value))
        throw refuse('a MEDIA value must be a media id (a UUID) from the media library')
      return value.toLowerCase()
    default: {
      const _exhaustive: never = attribute.type
      return _exhaustive
    }
  }
}

/**
 * The required attributes of the set a product would be missing once it holds values for
 * `present`: BAD_USER_INPUT at `field` naming them all, so one answer says everything to fill in.
 */
export function requireComplete(
  set: SetFacts | null,
  attributes: ReadonlyMap<string, AttributeFields>,
  present: ReadonlySet<string>,
  field: Field,
): void {
  if (!set) return
  const missing = set.attributeIds
    .map((id) => attributes.get(id))
    .filter((a): a is AttributeFields => a !== undefined && a.required && !present.has(a.attributeId))
  if (missing.length) {
    const codes = missing.map((a) => `'${a.code}'`).join(', ')
    throw badInput(field, `the attribute set '${set.name}' requires values for ${codes}; set them in the same call`)
  }
}

/** A product in a set holds values of the set's attributes only. */
export function requireInSet(set: SetFacts | null, attribute: AttributeFields, field: Field): void {
  if (set && !set.attributeIds.includes(attribute.attributeId)) {
    throw badInput(
      field,
      `attribute '${attribute.code}' is not in the product's attribute set '${set.name}'; add it to the set or change the product's set`,
    )
  }
}

/** How a value reads for people: option labels instead of codes, numbers with their unit, yes/no. */
export function displayValue(
  attribute: Pick<AttributeFields, 'type' | 'options' | 'validation'>,
  value: AttributeValue,
): string {
  const label = (code: string) => attribute.options.find((o) => o.code === code)?.label ?? code
  if (Array.isArray(value)) return value.map(label).join(', ')
  if (attribute.type === 'SELECT' && typeof value === 'string') return label(value)
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number')
    return attribute.validation.unit ? `${value} ${attribute.validation.unit}` : String(value)
  return value
}

function requireOption(attribute: AttributeFields, code: string, field: Field): void {
  if (!attribute.options.some((o) => o.code === code)) {
    throw badInput(
      field,
      `${attribute.code}: '${code}' is not an option of this attribute; choose one of ${optionList(attribute)}`,
    )
  }
}

function optionList(attribute: AttributeFields): string {
  return attribute.options.map((o) => o.code).join(', ') || '(no options yet: add them with attributeOptionAdd)'
}

function decimalsOf(value: number): number {
  const text = String(value)
  if (text.includes('e')) return 20
  return text.includes('.') ? text.length - text.indexOf('.') - 1 : 0
}

/** A real calendar day in the years 1–9999: `date` columns hold no year 0. */
function isDay(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return dateTimeProblem(date) === undefined && date.toISOString().slice(0, 10) === text
}
