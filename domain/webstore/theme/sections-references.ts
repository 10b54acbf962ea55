import { productHandleKey } from '../../catalog/product/streams.js'
import { liveMediaKey } from '../../media/streams.js'
import type { PrepareEnv } from '../../shared/command.js'
import { badInput } from '../../shared/errors.js'
import { isUuid } from '../../shared/ids.js'
import { blogHandleKey } from '../blog/streams.js'
import { collectionHandleKey } from '../collection/streams.js'
import { menuHandleKey } from '../menu/streams.js'
import { pageHandleKey } from '../page/streams.js'
import { contentEntriesProblem } from './sections-content-entries.js'
import type { SettingDefinition } from './setting-definitions.js'

/** Resource pickers whose value is a handle, and the reservation key that handle holds while the resource lives. */
const HANDLE_KEYS: Partial<Record<string, { kind: string; key: (handle: string) => string }>> = {
  product: { kind: 'product', key: productHandleKey },
  collection: { kind: 'collection', key: collectionHandleKey },
  page: { kind: 'page', key: pageHandleKey },
  blog: { kind: 'blog', key: blogHandleKey },
  link_list: { kind: 'menu', key: menuHandleKey },
}

/**
 * Checks the references among setting values that the event store answers cheaply, by the
 * reservations their owners hold: `product`, `collection`, `page`, `blog` and `link_list` (menu)
 * settings name a handle of this store, an `image_picker` holding a UUID names a media of this
 * store (a URL is taken as it is), a `metaobject` or `metaobject_list` names live content entries
 * of this store (of its `metaobject_type`, when the setting declares one).
 * Runs in `prepare`; another store's product, media or entry looks exactly like a missing one.
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
    if (definition?.type === 'metaobject' || definition?.type === 'metaobject_list') {
      const problem = await contentEntriesProblem(env, storeId, definition, value)
      if (problem) throw badInput([...field, id], problem)
      continue
    }
    if (!definition || typeof value !== 'string' || value === '') continue
    const picker = HANDLE_KEYS[definition.type]
    if (picker && !(await env.reservationOwner(storeId, picker.key(value)))) {
      const { kind } = picker
      throw badInput(
        [...field, id],
        `'${id}' names ${kind} '${value}', but this store has no ${kind} with that handle; give the handle of an existing ${kind}`,
      )
    }
    if (
      definition.type === 'image_picker' &&
      isUuid(value) &&
      !(await env.reservationOwner(storeId, liveMediaKey(value.toLowerCase())))
    ) {
      throw badInput(
        [...field, id],
        `'${id}' names media '${value}', which does not exist in this store; upload the image first (upload_image) and use its id`,
      )
    }
  }
}
