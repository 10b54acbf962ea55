import { z } from 'zod'
import { requiredText } from '../../shared/input-types.js'
import {
  ATTRIBUTE_TYPES,
  type AttributeFields,
  type AttributeOption,
  type AttributeType,
  type AttributeValidation,
} from './events.js'
import { strictInput } from '../../shared/strict-input.js'
import { insertPositionInput } from '../../shared/ordered-ids.js'

export const CODE_MAX_LENGTH = 64
export const NAME_MAX_LENGTH = 255
export const OPTIONS_MAX_COUNT = 500
export const PATTERN_MAX_LENGTH = 200
/** `material`, `screen_size`: lowercase letters, digits and single underscores, starting with a letter. */
export const ATTRIBUTE_CODE_PATTERN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/
/** `red`, `x-large`, `42`: lowercase letters, digits and single hyphens or underscores between them. */
export const OPTION_CODE_PATTERN = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/
/** A calendar day, `2026-11-21`. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

// Messages name the field and the rule; the path of each issue becomes `extensions.field`.

const id = (what: string) =>
  z
    .uuid({ error: (issue) => (issue.input === undefined ? 'id is required' : `id must be ${what} id (a UUID)`) })
    .overwrite((value) => value.toLowerCase())

const attributeId = id('an attribute').describe('The attribute id returned by create_attribute (a UUID).')

export const attributeCode = z
  .string({ error: (issue) => (issue.input === undefined ? 'code is required' : 'code must be a string') })
  .trim()
  .max(CODE_MAX_LENGTH, `code must be at most ${CODE_MAX_LENGTH} characters`)
  .regex(
    ATTRIBUTE_CODE_PATTERN,
    "code may contain only lowercase letters a-z, digits and single underscores, starting with a letter, e.g. 'screen_size'",
  )
  .describe("The attribute's code, unique in the store and never changed, e.g. 'material'.")

const name = requiredText('name', NAME_MAX_LENGTH).describe('The name merchants and shoppers read, e.g. "Screen size".')

const type = z
  .enum(ATTRIBUTE_TYPES, { error: `type must be one of ${ATTRIBUTE_TYPES.join(', ')}` })
  .describe(
    'TEXT, RICH_TEXT, NUMBER (with unit), BOOLEAN, DATE, SELECT and MULTISELECT (values are option codes), COLOR (#rrggbb) or MEDIA (a media id).',
  )

export const optionCode = z
  .string({ error: (issue) => (issue.input === undefined ? 'code is required' : 'code must be a string') })
  .trim()
  .max(CODE_MAX_LENGTH, `an option code must be at most ${CODE_MAX_LENGTH} characters`)
  .regex(
    OPTION_CODE_PATTERN,
    "an option code may contain only lowercase letters a-z, digits and single hyphens or underscores between them, e.g. 'x-large'",
  )
  .describe("The option's code, which product values store, e.g. 'cotton'.")

const optionLabel = requiredText('label', NAME_MAX_LENGTH).describe('The text shoppers read, e.g. "Organic cotton".')

const option = z.strictObject({ code: optionCode, label: optionLabel })

const flag = (what: string) => z.boolean({ error: `${what} must be true or false` })

const count = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be 0 or more`)
    .nullish()
const day = (field: string) =>
  z
    .string({ error: `${field} must be a date` })
    .regex(DATE_PATTERN, `${field} must be a date written YYYY-MM-DD`)
    .nullish()

/** Each field applies to some types only (see VALIDATION_FIELDS); decide checks that against the type. */
const validation = z
  .strictObject({
    minLength: count('minLength').describe('TEXT, RICH_TEXT: fewest characters.'),
    maxLength: count('maxLength').describe('TEXT, RICH_TEXT: most characters.'),
    pattern: z
      .string({ error: 'pattern must be a string' })
      .max(PATTERN_MAX_LENGTH, `pattern must be at most ${PATTERN_MAX_LENGTH} characters`)
      .nullish()
      .describe('TEXT: a regular expression the whole text must match, e.g. "[A-Z]{2}-\\\\d+".'),
    min: z.number({ error: 'min must be a number' }).nullish().describe('NUMBER: smallest value.'),
    max: z.number({ error: 'max must be a number' }).nullish().describe('NUMBER: largest value.'),
    decimals: count('decimals').describe('NUMBER: most digits after the decimal point (0 for whole numbers).'),
    unit: z
      .string({ error: 'unit must be a string' })
      .trim()
      .max(32, 'unit must be at most 32 characters')
      .nullish()
      .describe('NUMBER: the unit values are in, e.g. "cm" or "in".'),
    minDate: day('minDate').describe('DATE: earliest day, YYYY-MM-DD.'),
    maxDate: day('maxDate').describe('DATE: latest day, YYYY-MM-DD.'),
    minSelections: count('minSelections').describe('MULTISELECT: fewest options.'),
    maxSelections: count('maxSelections').describe('MULTISELECT: most options.'),
  })
  .describe('Limits on values; give only the ones that apply to the type. On update it replaces the whole validation.')

type ValidationInput = z.output<typeof validation>

// Optional fields also accept null, which means "not given": GraphQL clients send null for unset variables.
export const attributeCreateInput = strictInput('attributeCreate', {
  code: attributeCode,
  name,
  type,
  options: z
    .array(option, { error: 'options must be a list of {code, label}' })
    .max(OPTIONS_MAX_COUNT, `an attribute may have at most ${OPTIONS_MAX_COUNT} options`)
    .nullish()
    .describe('SELECT and MULTISELECT only: the choices, in order.'),
  required: flag('required')
    .nullish()
    .describe('Products whose attribute set holds it must have a value. false when omitted.'),
  filterable: flag('filterable').nullish().describe('Offered as a facet. false when omitted.'),
  visible: flag('visible').nullish().describe('Shown on the product page. true when omitted.'),
  validation: validation.nullish(),
})

export const attributeUpdateInput = strictInput('attributeUpdate', {
  id: attributeId,
  name: name.nullish(),
  type: type.nullish().describe('Refused while products hold values of the attribute.'),
  required: flag('required').nullish(),
  filterable: flag('filterable').nullish(),
  visible: flag('visible').nullish(),
  validation: validation.nullish(),
})

export const attributeDeleteInput = strictInput('attributeDelete', {
  id: attributeId,
  force: flag('force')
    .nullish()
    .describe(
      'Delete even though products hold values, discarding those values. Refused without it while values exist.',
    ),
})

export const attributeOptionAddInput = strictInput('attributeOptionAdd', {
  id: attributeId,
  code: optionCode,
  label: optionLabel,
  position: insertPositionInput.describe('Where to insert, counting from 0; last when omitted.'),
})

export const attributeOptionUpdateInput = strictInput('attributeOptionUpdate', {
  id: attributeId,
  code: optionCode,
  label: optionLabel,
})

export const attributeOptionRemoveInput = strictInput('attributeOptionRemove', { id: attributeId, code: optionCode })

export const attributeOptionReorderInput = strictInput('attributeOptionReorder', {
  id: attributeId,
  codes: z
    .array(optionCode, { error: 'codes must be a list of option codes' })
    .min(1, 'codes must name at least one option')
    .describe('Option codes in their new order; options not listed keep their order after them.'),
})

export const attributeRevertInput = strictInput('attributeRevert', {
  id: attributeId,
  toRevision: z
    .number({ error: 'toRevision must be a number' })
    .int('toRevision must be a whole number')
    .min(0, 'toRevision must be 0 or more')
    .describe('The revision (from Attribute.history) whose state to restore.'),
})

export type AttributeCreateInput = z.output<typeof attributeCreateInput>
export type AttributeUpdateInput = z.output<typeof attributeUpdateInput>

/** The validation as stored: every field present, null when not given. */
export function toValidation(input: ValidationInput | null | undefined): AttributeValidation {
  return {
    minLength: input?.minLength ?? null,
    maxLength: input?.maxLength ?? null,
    pattern: input?.pattern ?? null,
    min: input?.min ?? null,
    max: input?.max ?? null,
    decimals: input?.decimals ?? null,
    unit: input?.unit || null,
    minDate: input?.minDate ?? null,
    maxDate: input?.maxDate ?? null,
    minSelections: input?.minSelections ?? null,
    maxSelections: input?.maxSelections ?? null,
  }
}

/**
 * How products use an attribute, read by `prepare` from the read model: `values` products
 * holding a value, `byOption` products holding each option code (select types).
 */
export type AttributeUsage = { values: number; byOption: Record<string, number> }

export type AttributeCreate = { type: 'AttributeCreate'; data: AttributeFields }
/** Fields left out stay as they are. */
export type AttributeUpdate = {
  type: 'AttributeUpdate'
  data: {
    attributeId: string
    name?: string
    type?: AttributeType
    required?: boolean
    filterable?: boolean
    visible?: boolean
    validation?: AttributeValidation
  }
  usage: AttributeUsage
}
export type AttributeDelete = {
  type: 'AttributeDelete'
  data: { attributeId: string; force: boolean }
  usage: AttributeUsage
}
export type AttributeOptionAdd = {
  type: 'AttributeOptionAdd'
  data: { attributeId: string; option: AttributeOption; position: number | null }
}
export type AttributeOptionUpdate = {
  type: 'AttributeOptionUpdate'
  data: { attributeId: string; code: string; label: string }
}
export type AttributeOptionRemove = {
  type: 'AttributeOptionRemove'
  data: { attributeId: string; code: string }
  usage: AttributeUsage
}
export type AttributeOptionReorder = { type: 'AttributeOptionReorder'; data: { attributeId: string; codes: string[] } }
/** `target` is the attribute as the command that wrote `toRevision` left it, folded by `prepare`; null when the stream has no such revision. */
export type AttributeRevert = {
  type: 'AttributeRevert'
  data: { attributeId: string; toRevision: number; target: AttributeFields | null }
  usage: AttributeUsage
}

export type AttributeCommand =
  | AttributeCreate
  | AttributeUpdate
  | AttributeDelete
  | AttributeOptionAdd
  | AttributeOptionUpdate
  | AttributeOptionRemove
  | AttributeOptionReorder
  | AttributeRevert
