import { productStream } from '../../catalog/product/streams.js'
import { categoryTreeStream } from '../../catalog/category/streams.js'
import { mediaStream } from '../../media/streams.js'
import type { PastEvent, PrepareEnv } from '../../shared/command.js'
import { fold } from '../../shared/event.js'
import { isUuid } from '../../shared/ids.js'
import { pageStream } from '../page/streams.js'
import { evolveContentType, initialContentTypeState, type ContentTypeEvent } from './content-type.js'
import { REFERENCE_TYPES, type ContentField, type ReferenceType } from './fields.js'
import { contentTypeHandleKey, contentTypeStream } from './streams.js'

// `prepare` helpers: the facts an entry is checked against, read from streams (never read models).

/** The type's id by id or handle, or null when the store has no such type. */
export async function resolveTypeId(
  env: PrepareEnv,
  storeId: string,
  by: { typeId?: string | null; typeHandle?: string | null },
): Promise<string | null> {
  if (by.typeId) return by.typeId
  return by.typeHandle ? env.reservationOwner(storeId, contentTypeHandleKey(by.typeHandle)) : null
}

/** The type's current fields, or null when it does not exist or was deleted. */
export async function typeFields(
  env: PrepareEnv,
  storeId: string,
  typeId: string | null,
): Promise<ContentField[] | null> {
  if (!typeId) return null
  const events = (await env.readStream(contentTypeStream(storeId, typeId))) as unknown as ContentTypeEvent[]
  const state = fold({ initialState: initialContentTypeState, evolve: evolveContentType }, events)
  return state.kind === 'existing' ? state.type.fields : null
}

/** Which of the reference ids in `values` exist in the store, by the stream of each kind. */
export async function existingReferences(
  env: PrepareEnv,
  storeId: string,
  fields: readonly ContentField[] | null,
  values: Readonly<Record<string, unknown>>,
): Promise<string[]> {
  const wanted: { type: ReferenceType; id: string }[] = []
  for (const field of fields ?? []) {
    if (!(REFERENCE_TYPES as readonly string[]).includes(field.type)) continue
    const raw = values[field.key]
    for (const id of Array.isArray(raw) ? raw : [raw])
      if (typeof id === 'string' && isUuid(id)) wanted.push({ type: field.type as ReferenceType, id: id.toLowerCase() })
  }
  const found: string[] = []
  let categories: PastEvent[] | null = null
  for (const { type, id } of wanted) {
    if (type === 'CATEGORY_REFERENCE') {
      categories ??= await env.readStream(categoryTreeStream(storeId))
      const mine = categories.filter((event) => event.data.categoryId === id)
      if (mine.some((e) => e.type === 'CategoryCreated') && !mine.some((e) => e.type === 'CategoryDeleted'))
        found.push(id)
      continue
    }
    const stream =
      type === 'MEDIA'
        ? mediaStream(storeId, id)
        : type === 'PAGE_REFERENCE'
          ? pageStream(storeId, id)
          : productStream(storeId, id)
    const events = await env.readStream(stream)
    if (events.length > 0 && !events[events.length - 1]!.type.endsWith('Deleted')) found.push(id)
  }
  return found
}
