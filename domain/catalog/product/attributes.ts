import { DomainError, badInput, conflict, notFound } from '../../shared/errors.js'
import type { AttributeFields } from '../attribute/events.js'
import { requireComplete, requireInSet, validateValue, type SetFacts, type StoredValue } from '../attribute/values.js'
import type {
  AttributeFacts,
  AttributesOnCreate,
  ProductAttributeCommand,
  ProductAttributeSetChange,
  ValueWrite,
} from './attribute-commands.js'
import type { AttributeRef, ProductAttributeEvent } from './attribute-events.js'
import type { ProductEvent } from './events.js'

// The attribute values a product holds and the set it belongs to: state, evolve and decide.
// Inputs and commands are in attribute-commands.ts, events in attribute-events.ts.

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
