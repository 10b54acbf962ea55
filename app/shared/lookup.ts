import { DomainError, badInput, notFound } from '../../domain/shared/errors.js'

/** What a read asks for: an id, or the value of one field unique in the store. */
export type Lookup<Key extends string> = { id?: string | null } & { [K in Key]?: string | null }

/**
 * The one record a lookup names: by its `id` when it has one, else by its `key` field (a handle, a
 * code). NOT_FOUND says what was asked when the store has none; BAD_USER_INPUT when the lookup
 * names neither, with `what` (the field or tool that asked) in the message.
 *
 * @example await readByIdOr(lookup, { noun: 'page', key: 'handle', what }, (by) => findPage(db, storeId, by))
 */
export async function readByIdOr<Key extends string, Found>(
  lookup: Lookup<Key>,
  names: { noun: string; key: Key; what: string },
  find: (by: { id: string } | Record<Key, string>) => Promise<Found | null>,
): Promise<Found> {
  const { noun, key, what } = names
  const id = lookup.id
  const value = lookup[key] as string | null | undefined
  if (!id && !value) throw badInput(['id'], `${what} needs an id or a ${key}`)
  const found = await find(id ? { id } : ({ [key]: value } as Record<Key, string>))
  if (found) return found
  throw id ? notFound(noun, id) : new DomainError('NOT_FOUND', `no ${noun} with ${key} '${value}' in this store`)
}

/**
 * What `found` resolves to, or NOT_FOUND for the `noun` with this id when it is null (another
 * store's record answers exactly like an unknown one).
 *
 * @example const theme = await orNotFound(findThemeView(caller, id), 'theme', id)
 */
export async function orNotFound<Found>(
  found: Promise<Found | null | undefined>,
  noun: string,
  id: string,
): Promise<Found> {
  const value = await found
  if (!value) throw notFound(noun, id)
  return value
}
