import { z } from 'zod'
import type { PrepareEnv, UniquenessChange } from '../command.js'
import type { DecideContext } from '../context.js'
import type { DomainEvent } from '../event.js'
import { HANDLE_MAX_LENGTH, HANDLE_PATTERN, handleize } from '../handle.js'
import { reservationChanges } from '../reservations.js'
import { storeOf } from '../store-of.js'

// Handle rules of publishable content: the input, the generated handle with -2, -3 … suffixes,
// and the reservation that keeps a handle unique (claimed at creation, moved on change, freed at deletion).

/** After this many numbered handles (`about-2` … `about-50`) a title is common enough to stop counting. */
const NUMBERED_HANDLE_ATTEMPTS = 50

export function handleInput(example: string, uniqueIn: string) {
  return z
    .string({ error: 'handle must be a string' })
    .trim()
    .max(HANDLE_MAX_LENGTH, `handle must be at most ${HANDLE_MAX_LENGTH} characters`)
    .regex(
      HANDLE_PATTERN,
      `handle may contain only lowercase letters a-z, digits and single hyphens between them, e.g. '${example}'`,
    )
    .describe(`The URL name, unique in ${uniqueIn}, e.g. '${example}'. Generated from the title when omitted.`)
}

/** The title's handle, or the first of `-2`, `-3` … whose reservation `key(handle)` in the selected store is free. */
export async function freeHandle(
  title: string,
  id: string,
  fallback: string,
  key: (handle: string) => string,
  env: PrepareEnv,
): Promise<string> {
  const scope = storeOf(env)
  const base = handleize(title) || fallback
  for (let n = 1; n <= NUMBERED_HANDLE_ATTEMPTS; n++) {
    const candidate = n === 1 ? base : withSuffix(base, `-${n}`)
    if ((await env.reservationOwner(scope, key(candidate))) === null) return candidate
  }
  // Counting on would cost one read per namesake; the random tail of a UUIDv7 is free in practice.
  return withSuffix(base, `-${id.replaceAll('-', '').slice(-12)}`)
}

function withSuffix(base: string, suffix: string): string {
  return base.slice(0, HANDLE_MAX_LENGTH - suffix.length).replace(/-+$/, '') + suffix
}

/**
 * The CONFLICT message for a handle another `noun` holds, for `HandleReservationSpec.taken`.
 *
 * @example handleTaken('post', 'of this blog') // handle 'x' is taken by another post of this blog; choose another or update that post
 */
export function handleTaken(noun: string, within = 'in this store') {
  return (handle: string) =>
    `handle '${handle}' is taken by another ${noun} ${within}; choose another or update that ${noun}`
}

/** Types of the events in `E` whose data has the shape `Data`. */
type TypesWith<E extends DomainEvent, Data> = Extract<E, { data: Data }>['type']
/** The data of the events that carry a handle: created and deleted ones (`handle`), changed ones (`from`, `to`). */
type HandleData<E extends DomainEvent> = Extract<
  E,
  { data: { handle: string } } | { data: { from: string; to: string } }
>['data']

/** `Page` when `Type` is `PageCreated` (and `Suffix` is `Created`); never when it does not end so. */
type Before<Type, Suffix extends string> = Type extends `${infer Entity}${Suffix}` ? Entity : never
/**
 * The entities `E` names `<Entity>Created` and `<Entity>Deleted` (both carrying `handle`) and
 * `<Entity>HandleChanged` (carrying `from` and `to`), e.g. `Page` for the page events.
 */
type HandleEntity<E extends DomainEvent> = Before<TypesWith<E, { handle: string }>, 'Created'> &
  Before<TypesWith<E, { handle: string }>, 'Deleted'> &
  Before<TypesWith<E, { from: string; to: string }>, 'HandleChanged'>

/** Where a resource's events carry its handle, and how its reservation in the store is named. */
export interface HandleReservationSpec<E extends DomainEvent, IdKey extends keyof E['data'] & string> {
  /** The entity id in every event's data, e.g. `pageId`. */
  idKey: IdKey
  /** Names the events: `Page` claims at `PageCreated`, moves at `PageHandleChanged`, frees at `PageDeleted`. */
  entity: HandleEntity<E>
  /** The reservation key of `handle`; `data` is the event's, for handles unique within a parent (a post's blog). */
  key(handle: string, data: HandleData<E>): string
  /** The CONFLICT message for a taken handle. */
  taken(handle: string): string
}

/**
 * A definition's `uniqueness()` for a resource with a handle: its created event claims the
 * handle, its handle-changed event releases `from` and claims `to`, its deleted event releases
 * it; a claim on a handle another entity holds is what turns into CONFLICT.
 *
 * @example export const pageHandleReservations = handleReservations<PageEvent, 'pageId', PageState>({ idKey: 'pageId', entity: 'Page', … })
 */
export function handleReservations<E extends DomainEvent, IdKey extends keyof E['data'] & string, State>(
  spec: HandleReservationSpec<E, IdKey>,
) {
  // `State` is only passed through: named at the call, it lets a definition infer its decider's state.
  return (events: readonly E[], _before: State, ctx: DecideContext): UniquenessChange[] => {
    const scope = storeOf(ctx)
    const [created, changed, deleted] = [
      `${spec.entity}Created`,
      `${spec.entity}HandleChanged`,
      `${spec.entity}Deleted`,
    ]
    return events.flatMap((event): UniquenessChange[] => {
      if (event.type !== created && event.type !== changed && event.type !== deleted) return []
      // The spec's event types fix these shapes (TypesWith); a type held in a variable does not narrow the union.
      const data = event.data as HandleData<E> & { handle: string; from: string; to: string }
      const id = String(data[spec.idKey])
      const { claim, release } = reservationChanges(scope, (handle) => spec.key(handle, data), ['input', 'handle'])
      if (event.type === created) return [claim(data.handle, id, spec.taken(data.handle))]
      if (event.type === changed) return [release(data.from, id), claim(data.to, id, spec.taken(data.to))]
      return [release(data.handle, id)]
    })
  }
}

/**
 * `handleReservations` for the common case: a handle unique in the store, under the id `<entity>Id`
 * (`pageId` for `Page`), refused with `handleTaken(<entity in lower case>)`.
 *
 * @example export const pageHandleReservations = storeHandleReservations<PageEvent, PageState>()('Page', pageHandleKey)
 */
export function storeHandleReservations<E extends DomainEvent, State>() {
  // Curried so that the call names the event and state types while the entity's literal is inferred.
  return <Entity extends HandleEntity<E> & string>(entity: IdNamed<E, Entity>, key: (handle: string) => string) =>
    handleReservations<E, IdKeyOf<Entity> & keyof E['data'], State>({
      // IdNamed has checked that the events' data hold this key.
      idKey: `${uncapitalize(entity)}Id` as IdKeyOf<Entity> & keyof E['data'],
      entity,
      key,
      taken: handleTaken(entity.toLowerCase()),
    })
}

type IdKeyOf<Entity extends string> = `${Uncapitalize<Entity>}Id`
/** `Entity` when `E`'s data hold `<entity>Id`; never otherwise, so that a call with another id key does not compile. */
type IdNamed<E extends DomainEvent, Entity extends string> = IdKeyOf<Entity> extends keyof E['data'] ? Entity : never

function uncapitalize(word: string): string {
  return word.charAt(0).toLowerCase() + word.slice(1)
}
