import { productHandleKey } from '../../catalog/product/streams.js'
import { liveMediaKey } from '../../media/streams.js'
import type { PrepareEnv } from '../../shared/command.js'
import { badInput } from '../../shared/errors.js'
import { isUuid } from '../../shared/ids.js'
import type { SettingDefinition } from './setting-definitions.js'

/**
 * Checks the references among setting values that the event store answers cheaply, by the
 * reservations their owners hold: a `product` setting names a product handle of this store, an
 * `image_picker` holding a UUID names a media of this store (a URL is taken as it is).
 * Collection, page and blog pickers are not checked here: a missing one renders as blank.
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
    if (definition.type === 'product' && !(await env.reservationOwner(storeId, productHandleKey(value)))) {
      throw badInput([...field, id], `'${id}' names product '${value}', but this store has no product with that handle; give the handle of an existing product`)
    }
    if (definition.type === 'image_picker' && isUuid(value) && !(await env.reservationOwner(storeId, liveMediaKey(value.toLowerCase())))) {
      throw badInput([...field, id], `'${id}' names media '${value}', which does not exist in this store; upload the image first (upload_image) and use its id`)
    }
  }
}
