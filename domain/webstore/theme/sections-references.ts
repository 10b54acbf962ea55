import { productHandleKey } from '../../catalog/product/streams.js'
import { liveMediaKey } from '../../media/streams.js'
import type { PrepareEnv } from '../../shared/command.js'
import { badInput } from '../../shared/errors.js'
import { isUuid } from '../../shared/ids.js'
import { blogHandleKey } from '../blog/streams.js'
import { pageHandleKey } from '../page/streams.js'
import type { SettingDefinition } from './setting-definitions.js'

/** Resource pickers whose value is a handle, and the reservation key that handle holds while the resource lives. */
const HANDLE_KEYS: Partial<Record<string, (handle: string) => string>> = { product: productHandleKey, page: pageHandleKey, blog: blogHandleKey }

/**
 * Checks the references among setting values that the event store answers cheaply, by the
 * reservations their owners hold: `product`, `page` and `blog` settings name a handle of this
 * store, an `image_picker` holding a UUID names a media of this store (a URL is taken as it is).
 * Collection and menu pickers are not checked here: a missing one renders as blank.
 * Runs in `prepare`; another store's product or media looks exactly like a missing one.
 */
export async function checkReferences(
  env: PrepareEnv,
  storeId: string,
  definitions: readonly SettingDefinition[],
  values: Record<string, unknown>,
  field: readonly (string | number)[],
): Promise<void> {
  const byId = new Map(definitions.map((d) => [d.id, d]))
  for (const [id, value] of Object.entries(values)) {
    const definition = byId.get(id)
    if (!definition || typeof value !== 'string' || value === '') continue
    const handleKey = HANDLE_KEYS[definition.type]
    if (handleKey && !(await env.reservationOwner(storeId, handleKey(value)))) {
      const kind = definition.type
      throw badInput([...field, id], `'${id}' names ${kind} '${value}', but this store has no ${kind} with that handle; give the handle of an existing ${kind}`)
    }
    if (definition.type === 'image_picker' && isUuid(value) && !(await env.reservationOwner(storeId, liveMediaKey(value.toLowerCase())))) {
      throw badInput([...field, id], `'${id}' names media '${value}', which does not exist in this store; upload the image first (upload_image) and use its id`)
    }
  }
}
