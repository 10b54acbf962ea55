import { z } from 'zod'
import { ATTRIBUTE_TYPES } from '../../../domain/catalog/attribute/events.js'
import type { AttributeRecord } from '../../../projections/catalog/attribute/queries.js'
import { isoString } from '../../shared/connection.js'

const nullableNumber = z.number().nullable()

/** An attribute as GraphQL's `Attribute` and the MCP tools serve it: its fields, times as ISO-8601 strings. */
export const attributeViewSchema = z.object({
  id: z.string(),
  code: z.string().describe('Unique in the store and never changed; product values and filters name it.'),
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  options: z
    .array(z.object({ code: z.string(), label: z.string() }))
    .describe('SELECT and MULTISELECT choices, in order; product values store the code.'),
  required: z.boolean().describe('Products whose attribute set holds it must have a value.'),
  filterable: z.boolean(),
  visible: z.boolean(),
  validation: z
    .object({
      minLength: nullableNumber,
      maxLength: nullableNumber,
      pattern: z.string().nullable(),
      min: nullableNumber,
      max: nullableNumber,
      decimals: nullableNumber,
      unit: z.string().nullable(),
      minDate: z.string().nullable(),
      maxDate: z.string().nullable(),
      minSelections: nullableNumber,
      maxSelections: nullableNumber,
    })
    .describe('Limits on values; null where not set or not applying to the type.'),
  revision: z.number().int().describe('revert_attribute takes these.'),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export type AttributeView = z.infer<typeof attributeViewSchema>

/** Field by field, so a column the read model gains reaches no client until the view says so. */
export function toAttributeView(attribute: AttributeRecord): AttributeView {
  const { id, code, name, type, options, required, filterable, visible, validation, revision } = attribute
  return {
    id,
    code,
    name,
    type,
    options,
    required,
    filterable,
    visible,
    validation,
    revision,
    createdAt: isoString(attribute.createdAt),
    updatedAt: isoString(attribute.updatedAt),
  }
}
