import type { PrepareEnv } from '../../shared/command.js'
import { badInput, DomainError } from '../../shared/errors.js'
import { fold } from '../../shared/event.js'
import { evolveAttributeSet, initialAttributeSetState } from '../attribute-set/attribute-set.js'
import { setAttributeIds, type AttributeSetEvent } from '../attribute-set/events.js'
import { attributeSetStream } from '../attribute-set/streams.js'
import { evolveAttribute, initialAttributeState } from './attribute.js'
import type { AttributeEvent, AttributeFields } from './events.js'
import { attributeCodeKey, attributeStream } from './streams.js'
import type { SetFacts } from './values.js'

// What `prepare` of other commands learns about attributes and sets, from the event store: codes
// through their reservations, definitions and set members by folding their streams.

type Field = readonly (string | number)[]

/** The id of the store's attribute with this code; BAD_USER_INPUT at `field` naming it when there is none. */
export async function resolveAttributeCode(
  env: PrepareEnv,
  storeId: string,
  code: string,
  field: Field,
): Promise<string> {
  const owner = await env.reservationOwner(storeId, attributeCodeKey(code))
  if (owner === null)
    throw badInput(
      field,
      `there is no attribute '${code}' in this store; create it with attributeCreate or check the code`,
    )
  return owner
}

/** The live attribute, or null when it never existed or was deleted. */
export async function readAttribute(
  env: PrepareEnv,
  storeId: string,
  attributeId: string,
): Promise<AttributeFields | null> {
  const events = await env.readStream(attributeStream(storeId, attributeId))
  const state = fold(
    { initialState: initialAttributeState, evolve: evolveAttribute },
    events.map((e) => ({ type: e.type, data: e.data }) as AttributeEvent),
  )
  return state.kind === 'existing' ? state.attribute : null
}

/** The live attribute set as facts for product commands; NOT_FOUND at `field` when the store has none with this id. */
export async function readAttributeSet(
  env: PrepareEnv,
  storeId: string,
  attributeSetId: string,
  field: Field,
): Promise<SetFacts> {
  const events = await env.readStream(attributeSetStream(storeId, attributeSetId))
  const state = fold(
    { initialState: initialAttributeSetState, evolve: evolveAttributeSet },
    events.map((e) => ({ type: e.type, data: e.data }) as AttributeSetEvent),
  )
  if (state.kind !== 'existing')
    throw new DomainError('NOT_FOUND', `attribute set '${attributeSetId}' does not exist in this store`, { field })
  return { attributeSetId, name: state.set.name, attributeIds: setAttributeIds(state.set) }
}

/** The live attributes among `ids`, by id; deleted ones are left out, so a set's required check skips them. */
export async function readAttributes(
  env: PrepareEnv,
  storeId: string,
  ids: Iterable<string>,
): Promise<Map<string, AttributeFields>> {
  const found = new Map<string, AttributeFields>()
  for (const id of new Set(ids)) {
    const attribute = await readAttribute(env, storeId, id)
    if (attribute) found.set(id, attribute)
  }
  return found
}
