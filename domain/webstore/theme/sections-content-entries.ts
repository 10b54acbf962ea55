import type { PrepareEnv } from '../../shared/command.js'
import { fold } from '../../shared/event.js'
import { isUuid } from '../../shared/ids.js'
import { evolveContentEntry, initialContentEntryState, type ContentEntryEvent } from '../content/content-entry.js'
import { evolveContentType, initialContentTypeState, type ContentTypeEvent } from '../content/content-type.js'
import { contentEntryStream, contentTypeStream } from '../content/streams.js'
import type { SettingDefinition } from './setting-definitions.js'

/**
 * The handle of the live content type of a live entry of this store, or null when the entry (or
 * its type) does not exist or was deleted. Streams are per store, so another store's entry is
 * missing here.
 */
async function entryTypeHandle(env: PrepareEnv, storeId: string, entryId: string): Promise<string | null> {
  const entry = fold(
    { initialState: initialContentEntryState, evolve: evolveContentEntry },
    (await env.readStream(contentEntryStream(storeId, entryId.toLowerCase()))) as unknown as ContentEntryEvent[],
  )
  if (entry.kind !== 'existing') return null
  const type = fold(
    { initialState: initialContentTypeState, evolve: evolveContentType },
    (await env.readStream(contentTypeStream(storeId, entry.entry.typeId))) as unknown as ContentTypeEvent[],
  )
  return type.kind === 'existing' ? type.type.handle : null
}

/**
 * What is wrong with the content entries a `metaobject` or `metaobject_list` setting names, or
 * null: every id must be a live entry of this store and, when the setting declares
 * `metaobject_type`, of the content type with that handle. Runs in `prepare`.
 */
export async function contentEntriesProblem(
  env: PrepareEnv,
  storeId: string,
  definition: SettingDefinition,
  value: unknown,
): Promise<string | null> {
  const ids =
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.filter((id): id is string => typeof id === 'string')
        : []
  for (const id of ids) {
    // Malformed ids are left to `decide`, which says what shape the value must have.
    if (!isUuid(id)) continue
    const handle = await entryTypeHandle(env, storeId, id)
    if (handle === null)
      return `'${definition.id}' names content entry '${id}', which does not exist in this store; give the id of an existing content entry`
    const wanted = definition.metaobject_type
    if (wanted !== undefined && handle !== wanted) {
      return `'${definition.id}' takes entries of content type '${wanted}', but content entry '${id}' is a '${handle}'; give an entry of type '${wanted}'`
    }
  }
  return null
}
