import { eventTypes, type DomainEvent } from '../../shared/event.js'

export const ATTRIBUTE_TYPES = [
  'TEXT',
  'RICH_TEXT',
  'NUMBER',
  'BOOLEAN',
  'DATE',
  'SELECT',
  'MULTISELECT',
  'COLOR',
  'MEDIA',
] as const
/** What kind of value products hold for an attribute; it decides the value's JSON shape (see values.ts). */
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number]

/** Types whose values are codes of the attribute's options. */
export const SELECT_TYPES: readonly AttributeType[] = ['SELECT', 'MULTISELECT']

/** An option of a SELECT or MULTISELECT attribute: a stable code products store, and a label shoppers read. */
export type AttributeOption = { code: string; label: string }

/**
 * Limits on values, each applying to some types only (VALIDATION_FIELDS); unset ones are null.
 * `pattern` must match the whole text; dates are YYYY-MM-DD.
 */
export type AttributeValidation = {
  minLength: number | null
  maxLength: number | null
  pattern: string | null
  min: number | null
  max: number | null
  decimals: number | null
  unit: string | null
  minDate: string | null
  maxDate: string | null
  minSelections: number | null
  maxSelections: number | null
}

export type ValidationField = keyof AttributeValidation

/** Which validation fields each type takes; the others must stay null. */
export const VALIDATION_FIELDS: Record<AttributeType, readonly ValidationField[]> = {
  TEXT: ['minLength', 'maxLength', 'pattern'],
  RICH_TEXT: ['minLength', 'maxLength'],
  NUMBER: ['min', 'max', 'decimals', 'unit'],
  BOOLEAN: [],
  DATE: ['minDate', 'maxDate'],
  SELECT: [],
  MULTISELECT: ['minSelections', 'maxSelections'],
  COLOR: [],
  MEDIA: [],
}

export const NO_VALIDATION: AttributeValidation = {
  minLength: null,
  maxLength: null,
  pattern: null,
  min: null,
  max: null,
  decimals: null,
  unit: null,
  minDate: null,
  maxDate: null,
  minSelections: null,
  maxSelections: null,
}

/** The validation with only the fields `type` takes. */
export function validationFor(type: AttributeType, validation: AttributeValidation): AttributeValidation {
  const kept: AttributeValidation = { ...NO_VALIDATION }
  for (const field of VALIDATION_FIELDS[type]) (kept as Record<ValidationField, unknown>)[field] = validation[field]
  return kept
}

/** Everything an attribute holds. `code` never changes; products and filters refer to it. */
export type AttributeFields = {
  attributeId: string
  code: string
  name: string
  type: AttributeType
  options: AttributeOption[]
  /** A product whose attribute set holds the attribute must have a value for it. */
  required: boolean
  /** Offered as a storefront and API facet. */
  filterable: boolean
  /** Shown to shoppers on the product page. */
  visible: boolean
  validation: AttributeValidation
}

export type AttributeFlags = Pick<AttributeFields, 'required' | 'filterable' | 'visible'>

export type AttributeCreated = DomainEvent<'AttributeCreated', AttributeFields>
export type AttributeRenamed = DomainEvent<'AttributeRenamed', { attributeId: string; name: string }>
/** Only while no product holds a value; validation fields the new type does not take are cleared, options of a select type dropped. */
export type AttributeTypeChanged = DomainEvent<
  'AttributeTypeChanged',
  {
    attributeId: string
    from: AttributeType
    to: AttributeType
    validation: AttributeValidation
    options: AttributeOption[]
  }
>
export type AttributeFlagsChanged = DomainEvent<'AttributeFlagsChanged', { attributeId: string } & AttributeFlags>
export type AttributeValidationChanged = DomainEvent<
  'AttributeValidationChanged',
  { attributeId: string; validation: AttributeValidation }
>
/** `option` was inserted at index `position` of the options. */
export type AttributeOptionAdded = DomainEvent<
  'AttributeOptionAdded',
  { attributeId: string; option: AttributeOption; position: number }
>
export type AttributeOptionRelabeled = DomainEvent<
  'AttributeOptionRelabeled',
  { attributeId: string; code: string; label: string }
>
/** Only while no product holds the option. */
export type AttributeOptionRemoved = DomainEvent<'AttributeOptionRemoved', { attributeId: string; code: string }>
/** `codes` is the whole new order. */
export type AttributeOptionsReordered = DomainEvent<
  'AttributeOptionsReordered',
  { attributeId: string; codes: string[] }
>
/** The attribute was brought back to its state at `toRevision`; the events that do it follow this one. */
export type AttributeReverted = DomainEvent<'AttributeReverted', { attributeId: string; toRevision: number }>
/** Carries the code so its reservation is released; `valuesDropped` counts the product values a forced delete discarded. */
export type AttributeDeleted = DomainEvent<
  'AttributeDeleted',
  { attributeId: string; code: string; valuesDropped: number }
>

export type AttributeEvent =
  | AttributeCreated
  | AttributeRenamed
  | AttributeTypeChanged
  | AttributeFlagsChanged
  | AttributeValidationChanged
  | AttributeOptionAdded
  | AttributeOptionRelabeled
  | AttributeOptionRemoved
  | AttributeOptionsReordered
  | AttributeReverted
  | AttributeDeleted

/** Every attribute event type, for the projection's subscription. */
export const ATTRIBUTE_EVENT_TYPES = eventTypes<AttributeEvent>({
  AttributeCreated: true,
  AttributeRenamed: true,
  AttributeTypeChanged: true,
  AttributeFlagsChanged: true,
  AttributeValidationChanged: true,
  AttributeOptionAdded: true,
  AttributeOptionRelabeled: true,
  AttributeOptionRemoved: true,
  AttributeOptionsReordered: true,
  AttributeReverted: true,
  AttributeDeleted: true,
})
