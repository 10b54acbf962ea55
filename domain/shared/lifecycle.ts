import type { DomainEvent } from './event.js'

/**
 * The state of a stream that holds one entity: empty, the live entity under its own name
 * (`blog`, `media`, …), or a deletion that keeps only the id. Ids are never reused, so a
 * deleted entity stays deleted and later commands on it answer NOT_FOUND.
 */
export type Lifecycle<Name extends string, IdName extends string, Live> =
  { kind: 'empty' } | ({ kind: 'existing' } & Record<Name, Live>) | ({ kind: 'deleted' } & Record<IdName, string>)

/** Which event starts the entity, which ends it, and the names its state uses. */
export interface LifecycleNames<
  Name extends string,
  IdName extends string,
  Created extends string,
  Deleted extends string,
> {
  name: Name
  id: IdName
  created: Created
  deleted: Deleted
}

type DataOf<E extends DomainEvent, Type extends E['type']> = Extract<E, { type: Type }>['data']

/** One function per event between creation and deletion: the live entity after that event. */
export type LifecycleChanges<E extends DomainEvent, Live> = {
  [Type in E['type']]: (live: Live, data: DataOf<E, Type>, event: Extract<E, { type: Type }>) => Live
}

/**
 * The same entry of `LifecycleChanges` for each of `types`: for events that another decider
 * folds, or that change the entity in one way.
 */
export function sameChange<Type extends string, Change>(types: readonly Type[], change: Change): Record<Type, Change> {
  return Object.fromEntries(types.map((type) => [type, change])) as Record<Type, Change>
}

/**
 * Folds one event into a lifecycle: the `created` event makes the live entity with `create`, the
 * `deleted` event ends it, and every other event changes the live entity through its entry in
 * `changes` (a record, so the compiler rejects an event type left out). Events on a stream
 * without a live entity are history that is not ours to fix: they leave the state as it is.
 *
 * @example
 * const MEDIA = { name: 'media', id: 'mediaId', created: 'MediaCreated', deleted: 'MediaDeleted' } as const
 * evolveLifecycle(state, event, MEDIA, (data) => ({ ...data }), {
 *   MediaAltChanged: (media, { alt }) => ({ ...media, alt }),
 * })
 */
export function evolveLifecycle<
  E extends DomainEvent,
  Name extends string,
  IdName extends string,
  Created extends E['type'],
  Deleted extends E['type'],
  Live extends Record<IdName, string>,
>(
  state: NoInfer<Lifecycle<Name, IdName, Live>>,
  event: E,
  names: LifecycleNames<Name, IdName, Created, Deleted>,
  create: (data: DataOf<E, Created>) => Live,
  changes: LifecycleChanges<Exclude<E, { type: Created | Deleted }>, NoInfer<Live>>,
): Lifecycle<Name, IdName, Live> {
  if (isOfType(event, names.created)) return existing(names.name, create(event.data))
  if (state.kind !== 'existing') return state
  const live: Live = state[names.name]
  if (isOfType(event, names.deleted)) return deleted(names.id, live[names.id])
  type Change = Exclude<E, { type: Created | Deleted }>
  // `event` is neither the created nor the deleted one here; a generic type does not narrow the union.
  const change = changes[event.type as Change['type']]
  return existing(
    names.name,
    change(live, event.data as DataOf<Change, Change['type']>, event as Extract<Change, { type: Change['type'] }>),
  )
}

function isOfType<E extends DomainEvent, Type extends E['type']>(
  event: E,
  type: Type,
): event is Extract<E, { type: Type }> {
  return event.type === type
}

// A computed key widens to `{ [x: string]: … }`; these hold exactly `name` and `id`.
function existing<Name extends string, Live>(name: Name, live: Live): { kind: 'existing' } & Record<Name, Live> {
  return { kind: 'existing', ...({ [name]: live } as Record<Name, Live>) }
}

function deleted<IdName extends string>(id: IdName, value: string): { kind: 'deleted' } & Record<IdName, string> {
  return { kind: 'deleted', ...({ [id]: value } as Record<IdName, string>) }
}
