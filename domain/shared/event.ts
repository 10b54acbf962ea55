import type { DecideContext } from './context.js'

/** A domain event as deciders produce it: a past-tense type and a plain JSON payload. */
export interface DomainEvent<Type extends string = string, Data extends object = Record<string, unknown>> {
  type: Type
  data: Data
}

/**
 * One value of an entity changed from `from` to `to`; `Ids` name the entity.
 *
 * @example export type MemberRoleChanged = ValueChanged<'MemberRoleChanged', { memberId: string }, MemberRole>
 */
export type ValueChanged<Type extends string, Ids extends object, Value = string> = DomainEvent<
  Type,
  Ids & { from: Value; to: Value }
>

/**
 * A handle (the last part of an entity's URL) changed. `from` is released and `to` claimed in the
 * store's handle reservations in the same write; `Ids` name the entity (and its parent where the
 * handle is unique within one, like a post's blog).
 *
 * @example export type PageHandleChanged = HandleChanged<'PageHandleChanged', { pageId: string }>
 */
export type HandleChanged<Type extends string, Ids extends Record<string, string>> = ValueChanged<Type, Ids>

/**
 * Every type of an event union, for a projection's subscription, from a record that names each one
 * once: a record rather than a list so the compiler rejects a type added to the union but not here.
 *
 * @example export const PAGE_EVENT_TYPES = eventTypes<PageEvent>({ PageCreated: true, PageDeleted: true })
 */
export function eventTypes<Event extends DomainEvent>(record: Record<Event['type'], true>): readonly Event['type'][] {
  return Object.keys(record) as Event['type'][]
}

/**
 * Whether an event is one of a union's, by the record its types are listed from (as for
 * `eventTypes`): for code that folds a stream several unions share.
 *
 * @example export const isVariantEvent = isEventIn<ProductVariantEvent>(VARIANT_EVENT_TYPE_RECORD)
 */
export function isEventIn<Event extends DomainEvent>(record: Record<Event['type'], true>) {
  return (event: { type: string }): event is Event => Object.hasOwn(record, event.type)
}

/**
 * A decider answers a command with events (possibly none) or throws a `DomainError`.
 * `evolve` folds one event into the state; `initialState` is the state of an empty stream.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State
  evolve: (state: State, event: Event) => State
  decide: (command: Command, state: State, ctx: DecideContext) => Event[]
}

/** Fold a history into a state. */
export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState())
}

/**
 * A resource's decider from its three functions, its state, command and event types inferred from them
 * (the event type from `evolve`: a decider over a shared stream decides a few of the events it folds).
 *
 * @example export const pageDecider = deciderOf(initialPageState, evolvePage, decidePage)
 */
export function deciderOf<State, Command, Event extends DomainEvent>(
  initialState: () => State,
  evolve: (state: State, event: Event) => State,
  decide: (command: Command, state: State, ctx: DecideContext) => NoInfer<Event>[],
): Decider<State, Command, Event> {
  return { initialState, evolve, decide }
}
