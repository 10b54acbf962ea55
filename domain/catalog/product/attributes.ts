import { z } from 'zod'
import { DomainError, badInput, conflict, notFound } from '../../shared/errors.js'
import type { DomainEvent } from '../../shared/event.js'
import { jsonInput } from '../../shared/input-types.js'
import { attributeCode } from '../attribute/commands.js'
import type { AttributeFields } from '../attribute/events.js'
import { requireComplete, requireInSet, validateValue, type SetFacts, type StoredValue } from '../attribute/values.js'
import type { ProductEvent } from './events.js'
import { strictInput } from '../../shared/strict-input.js'

export const PRODUCT_ATTRIBUTE_VALUES_MAX = 250

// Events: what happened to the attribute values a product holds and the set it belongs to.

export type AttributeRef = { attributeId: string; code: string }

/** `values` are the ones that changed, each whole (a multiselect's full list). */
export type ProductAttributeValuesSet = DomainEvent<
  'ProductAttributeValuesSet',
  { productId: string; values: StoredValue[] }
>
export type ProductAttributeValuesRemoved = DomainEvent<
  'ProductAttributeValuesRemoved',
  { productId: string; values: AttributeRef[] }
>
/** The product moved from set `from` to `to` (null: none); the values of `dropped` went with the move. */
export type ProductAttributeSetChanged = DomainEvent<
  'ProductAttributeSetChanged',
  { productId: string; from: string | null; to: string | null; dropped: AttributeRef[] }
>

export type ProductAttributeEvent =
  ProductAttributeValuesSet | ProductAttributeValuesRemoved | ProductAttributeSetChanged

export const PRODUCT_ATTRIBUTE_EVENT_TYPES = [
  'ProductAttributeValuesSet',
  'ProductAttributeValuesRemoved',
  'ProductAttributeSetChanged',
] as const

// Inputs.

const productId = z
  .uuid({
    error: (issue) => (issue.input === undefined ? 'productId is required' : 'productId must be a product id (a UUID)'),
  })
  .overwrite((id) => id.toLowerCase())
  .describe('The product id (a UUID).')

/** `{code, value}` with the value's JSON by the attribute's type (see values.ts). */
export const attributeValuesInput = z
  .array(
    z.strictObject({
      code: attributeCode,
      value: jsonInput('value').describe(
        'By type: TEXT/RICH_TEXT a string, NUMBER a number, BOOLEAN true/false, DATE "YYYY-MM-DD", SELECT an option code, MULTISELECT a list of option codes, COLOR "#rrggbb", MEDIA a media id.',
      ),
    }),
    { error: 'must be a list of {code, value}' },
  )
  .max(PRODUCT_ATTRIBUTE_VALUES_MAX, `at most ${PRODUCT_ATTRIBUTE_VALUES_MAX} values per call`)

export const productAttributesSetInput = strictInput('productAttributesSet', {
  productId,
  values: attributeValuesInput
    .min(1, 'values must name at least one attribute')
    .describe('The values to set; attributes not listed keep theirs.'),
})
export const productAttributesRemoveInput = strictInput('productAttributesRemove', {
  productId,
  // Each code is looked up on its own: an unbounded list would be one request doing thousands of reads.
  codes: z
    .array(attributeCode, { error: 'codes must be a list of attribute codes' })
    .min(1, 'codes must name at least one attribute')
    .max(PRODUCT_ATTRIBUTE_VALUES_MAX, `at most ${PRODUCT_ATTRIBUTE_VALUES_MAX} codes per call`),
})
export const productAttributeSetChangeInput = strictInput('productAttributeSetChange', {
  productId,
  attributeSetId: z
    .uuid({ error: 'attributeSetId must be an attribute set id (a UUID) or null' })
    .overwrite((id) => id.toLowerCase())
    .nullable()
    .describe('The new set; null takes the product out of any set.'),
  dropValues: z
    .boolean({ error: 'dropValues must be true or false' })
    .nullish()
    .describe('Confirms dropping the values of attributes the new set does not hold.'),
  values: attributeValuesInput
    .nullish()
    .describe("Values to set in the same write, e.g. the new set's required attributes."),
})

// Commands: codes resolved by `prepare`, with the definitions and the set they are checked against.

/** A value to write, its code resolved to the attribute. */
export type ValueWrite = { attributeId: string; value: unknown }
/** The set of the write (the product's, or the new one) and the definitions of every attribute involved. */
export type AttributeFacts = { set: SetFacts | null; attributes: AttributeFields[] }

export type ProductAttributesSet = {
  type: 'ProductAttributesSet'
  data: { productId: string; values: ValueWrite[] }
  facts: AttributeFacts
}
export type ProductAttributesRemove = {
  type: 'ProductAttributesRemove'
  data: { productId: string; attributes: AttributeRef[] }
  facts: AttributeFacts
}
export type ProductAttributeSetChange = {
  type: 'ProductAttributeSetChange'
  data: { productId: string; attributeSetId: string | null; dropValues: boolean; values: ValueWrite[] }
  facts: AttributeFacts
}
export type ProductAttributeCommand = ProductAttributesSet | ProductAttributesRemove | ProductAttributeSetChange

/** What productCreate may carry: the set to join and the first values, checked like productAttributeSetChange. */
export type AttributesOnCreate = { attributeSetId: string | null; values: ValueWrite[]; facts: AttributeFacts }

// State: only what these commands need from a product stream.

export type ProductAttributeState =
  | { kind: 'empty' }
  | { kind: 'existing'; productId: string; attributeSetId: string | null; values: StoredValue[] }
  | { kind: 'deleted' }

type ExistingState = Extract<ProductAttributeState, { kind: 'existing' }>

export const initialProductAttributeState = (): ProductAttributeState => ({ kind: 'empty' })

export function evolveProductAttributes(state: ProductAttributeState, event: ProductEvent): ProductAttributeState {
  if (event.type === 'ProductCreated')
    return { kind: 'existing', productId: event.data.productId, attributeSetId: null, values: [] }
  if (event.type === 'ProductDeleted') return { kind: 'deleted' }
  if (state.kind !== 'existing') return state
  switch (event.type) {
    case 'ProductAttributeValuesSet':
      return { ...state, values: withValues(state.values, event.data.values) }
    case 'ProductAttributeValuesRemoved':
      return { ...state, values: without(state.values, event.data.values) }
    case 'ProductAttributeSetChanged':
      return { ...state, attributeSetId: event.data.to, values: without(state.values, event.data.dropped) }
    default:
      return state
  }
}

/** Pure: values are checked against the definitions and the set carried in the command. */
export function decideProductAttributes(
  command: ProductAttributeCommand,
  state: ProductAttributeState,
): ProductAttributeEvent[] {
  if (state.kind !== 'existing') throw notFound('product', command.data.productId)
  const { productId } = command.data
  const attributes = new Map(command.facts.attributes.map((a) => [a.attributeId, a]))
  switch (command.type) {
    case 'ProductAttributesSet': {
      requireSameSet(state, command.facts.set)
      const written = writeValues(command.data.values, attributes, command.facts.set, 'values')
      const after = withValues(state.values, written)
      requireComplete(command.facts.set, attributes, idsOf(after), ['input', 'values'])
      const changed = written.filter(
        (value) =>
          !sameValue(
            state.values.find((v) => v.attributeId === value.attributeId),
            value,
          ),
      )
      return changed.length ? [{ type: 'ProductAttributeValuesSet', data: { productId, values: changed } }] : []
    }
    case 'ProductAttributesRemove': {
      requireSameSet(state, command.facts.set)
      const { set } = command.facts
      command.data.attributes.forEach((ref, index) => {
        if (set?.attributeIds.includes(ref.attributeId) && attributes.get(ref.attributeId)?.required) {
          throw badInput(
            ['input', 'codes', index],
            `attribute '${ref.code}' is required by the attribute set '${set.name}', so its value cannot be removed; set another value instead`,
          )
        }
      })
      const removed = command.data.attributes.filter((ref) =>
        state.values.some((v) => v.attributeId === ref.attributeId),
      )
      return removed.length ? [{ type: 'ProductAttributeValuesRemoved', data: { productId, values: removed } }] : []
    }
    case 'ProductAttributeSetChange':
      return changeSet(state, command.data, command.facts, 'values')
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

/** The attribute events of a product created with a set and values (input field `attributes`). */
export function attributeEventsOnCreate(
  productId: string,
  spec: AttributesOnCreate | undefined,
): ProductAttributeEvent[] {
  if (!spec || (spec.attributeSetId === null && spec.values.length === 0)) return []
  const empty: ExistingState = { kind: 'existing', productId, attributeSetId: null, values: [] }
  return changeSet(
    empty,
    { productId, attributeSetId: spec.attributeSetId, dropValues: false, values: spec.values },
    spec.facts,
    'attributes',
  )
}

function changeSet(
  state: ExistingState,
  data: ProductAttributeSetChange['data'],
  facts: AttributeFacts,
  inputField: 'values' | 'attributes',
): ProductAttributeEvent[] {
  const { productId, attributeSetId } = data
  const attributes = new Map(facts.attributes.map((a) => [a.attributeId, a]))
  const set = attributeSetId === null ? null : facts.set
  const moving = attributeSetId !== state.attributeSetId
  const dropped: AttributeRef[] = set
    ? state.values
        .filter((v) => !set.attributeIds.includes(v.attributeId))
        .map(({ attributeId, code }) => ({ attributeId, code }))
    : []
  if (moving && dropped.length && !data.dropValues) {
    throw new DomainError(
      'BAD_USER_INPUT',
      `moving the product to attribute set '${set!.name}' would drop its values of ${dropped.map((d) => `'${d.code}'`).join(', ')}; pass dropValues: true to confirm`,
      {
        field: ['input', 'dropValues'],
        details: { droppedCodes: dropped.map((d) => d.code) },
      },
    )
  }
  const kept = moving ? without(state.values, dropped) : state.values
  const written = writeValues(data.values, attributes, set, inputField)
  const after = withValues(kept, written)
  requireComplete(set, attributes, idsOf(after), ['input', inputField])
  const changed = written.filter(
    (value) =>
      !sameValue(
        kept.find((v) => v.attributeId === value.attributeId),
        value,
      ),
  )
  const events: ProductAttributeEvent[] = []
  if (moving)
    events.push({
      type: 'ProductAttributeSetChanged',
      data: { productId, from: state.attributeSetId, to: attributeSetId, dropped },
    })
  if (changed.length) events.push({ type: 'ProductAttributeValuesSet', data: { productId, values: changed } })
  return events
}

/** Each write checked against its attribute and the set, at `['input', <field>, index, …]`. */
function writeValues(
  writes: readonly ValueWrite[],
  attributes: ReadonlyMap<string, AttributeFields>,
  set: SetFacts | null,
  field: string,
): StoredValue[] {
  return writes.map((write, index) => {
    const attribute = attributes.get(write.attributeId)
    // prepare resolved the code a moment ago; the attribute was deleted since.
    if (!attribute)
      throw badInput(['input', field, index, 'code'], `attribute '${write.attributeId}' no longer exists in this store`)
    if (writes.findIndex((w) => w.attributeId === write.attributeId) !== index) {
      throw badInput(
        ['input', field, index, 'code'],
        `attribute '${attribute.code}' is listed twice; give each attribute one value`,
      )
    }
    requireInSet(set, attribute, ['input', field, index, 'code'])
    const value = validateValue(attribute, write.value, ['input', field, index, 'value'])
    return { attributeId: attribute.attributeId, code: attribute.code, type: attribute.type, value }
  })
}

/** `prepare` read the product's set before deciding; a move in between makes its checks stale. */
function requireSameSet(state: ExistingState, set: SetFacts | null): void {
  if ((set?.attributeSetId ?? null) !== state.attributeSetId)
    throw conflict("the product's attribute set changed while this write was checked; read the product again and retry")
}

/** The list with `values` replacing those of the same attributes, new ones last. */
export function withValues(list: readonly StoredValue[], values: readonly StoredValue[]): StoredValue[] {
  const replaced = list.map((v) => values.find((n) => n.attributeId === v.attributeId) ?? v)
  return [...replaced, ...values.filter((n) => !list.some((v) => v.attributeId === n.attributeId))]
}

function without(list: readonly StoredValue[], refs: readonly AttributeRef[]): StoredValue[] {
  return list.filter((v) => !refs.some((r) => r.attributeId === v.attributeId))
}

function idsOf(values: readonly StoredValue[]): Set<string> {
  return new Set(values.map((v) => v.attributeId))
}

function sameValue(a: StoredValue | undefined, b: StoredValue): boolean {
  return a !== undefined && a.type === b.type && JSON.stringify(a.value) === JSON.stringify(b.value)
}
