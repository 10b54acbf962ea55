import type { DecideContext } from './context.js'

/** A domain event as deciders produce it: a past-tense type and a plain JSON payload. */
export interface DomainEvent<Type extends string = string, Data extends object = Record<string, unknown>> {
  type: Type
  data: Data
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
