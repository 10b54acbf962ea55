import { z } from 'zod'
import { badInput } from './errors.js'
import { entityId, wholeNumber } from './input-types.js'

// An ordered list of ids that one entity holds (a category's products, a collection's products,
// a product's media, a template's sections): the inputs that name its members, the three changes
// it takes (insert at a position, remove, move the listed ones first) and the list arithmetic,
// shared by the deciders and the read models so that both agree on every order.

/**
 * A non-empty list of ids of one kind, lowercased. The caller bounds it (`.max()`) and describes it.
 *
 * @example idListInput('productIds', 'product').max(250, 'productIds may name at most 250 products per call')
 */
export function idListInput(field: string, entity: string) {
  return z
    .array(entityId(entity, `each ${entity} id`), {
      error: (issue) =>
        issue.input === undefined ? `${field} is required` : `${field} must be a list of ${entity} ids`,
    })
    .min(1, `${field} must name at least one ${entity}`)
}

/** Where an insertion goes: counting from 0, the end when omitted or beyond it. */
export const insertPositionInput = wholeNumber('position', { min: 0 })
  .nullish()
  .describe('Where to insert them, counting from 0 (0 puts them first); the end when omitted or beyond it.')

/** `list` with `ids` inserted, in this order, at index `position`. */
export function insertedAt(list: readonly string[], ids: readonly string[], position: number): string[] {
  return [...list.slice(0, position), ...ids, ...list.slice(position)]
}

export function without(list: readonly string[], ids: readonly string[]): string[] {
  return list.filter((id) => !ids.includes(id))
}

/** The listed ids first, in the order given; the others keep their relative order after them. */
export function listedFirst(list: readonly string[], ids: readonly string[]): string[] {
  return [...ids, ...without(list, ids)]
}

export function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index])
}

/**
 * What inserting `ids` changes: the ones not in `list` yet, and the index they go to (`position`,
 * or the end when null or beyond it). Null when every one is in already, so a repeat records nothing.
 */
export function insertion(
  list: readonly string[],
  ids: readonly string[],
  position: number | null,
): { ids: string[]; position: number } | null {
  const added = ids.filter((id) => !list.includes(id))
  if (added.length === 0) return null
  return { ids: added, position: Math.min(position ?? list.length, list.length) }
}

/**
 * What removing `ids` changes: the ones in `list`, in its order, with the index each had, so a
 * reader can close the gaps. Null when none is in it.
 */
export function removal(
  list: readonly string[],
  ids: readonly string[],
): { ids: string[]; positions: number[] } | null {
  const removed = list.filter((id) => ids.includes(id))
  if (removed.length === 0) return null
  return { ids: removed, positions: removed.map((id) => list.indexOf(id)) }
}

/** How a reorder's errors name what it lists: the input field, and why an id not in the list is refused. */
export interface ListedIds {
  /** The input field, e.g. `productIds`. */
  field: string
  /** Says what an id is not, e.g. `product '…' is not in this collection; add it first …`. */
  notInList(id: string): string
  /** Says an id is listed twice, e.g. `listedTwice('product')`. */
  twice(id: string): string
}

/** Each listed id must be in `list`, once: BAD_USER_INPUT at its index otherwise. */
export function checkListed(list: readonly string[], listed: readonly string[], names: ListedIds): void {
  listed.forEach((id, index) => {
    if (!list.includes(id)) throw badInput(['input', names.field, index], names.notInList(id))
    if (listed.indexOf(id) !== index) throw badInput(['input', names.field, index], names.twice(id))
  })
}

/** The `twice` message of lists whose members have a name: `product '…' is listed twice; list each product once`. */
export function listedTwice(noun: string): (id: string) => string {
  return (id) => `${noun} '${id}' is listed twice; list each ${noun} once`
}

/**
 * The order a reorder asks for (`listedFirst`), after `checkListed`; null when nothing moves,
 * so a repeat records nothing.
 */
export function reordering(list: readonly string[], listed: readonly string[], names: ListedIds): string[] | null {
  checkListed(list, listed, names)
  const order = listedFirst(list, listed)
  return sameOrder(order, list) ? null : order
}
