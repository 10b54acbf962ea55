import type { PrepareEnv } from '../shared/command.js'
import { DomainError } from '../shared/errors.js'
import { liveMediaKey } from './streams.js'

// Commands of other resources that name media (a product's images, a collection's image, a
// post's cover) check them against the media's reservation in the event store, not the read
// model: a media uploaded a moment ago is found, and one of another store never is.

type Owners = Pick<PrepareEnv, 'reservationOwner'>

export async function mediaLives(env: Owners, storeId: string, mediaId: string): Promise<boolean> {
  return (await env.reservationOwner(storeId, liveMediaKey(mediaId))) === mediaId
}

/** NOT_FOUND at `field` unless the media lives in this store; `hint` follows the message, e.g. where to upload it. */
export async function requireLiveMedia(
  env: Owners,
  storeId: string,
  mediaId: string,
  field: readonly (string | number)[],
  hint = '',
): Promise<void> {
  if (!(await mediaLives(env, storeId, mediaId)))
    throw new DomainError('NOT_FOUND', `media '${mediaId}' does not exist in this store${hint}`, { field })
}

/**
 * An image field of a create or update (`imageId`, `coverMediaId`): undefined when not given,
 * null for '' (remove the image), else the media id, once it is found live in this store.
 */
export async function imageChange(
  env: Owners,
  storeId: string,
  mediaId: string | null | undefined,
  field: string,
): Promise<string | null | undefined> {
  if (mediaId == null) return undefined
  if (mediaId === '') return null
  await requireLiveMedia(env, storeId, mediaId, ['input', field], '; upload it first (mediaCreate or upload_image)')
  return mediaId
}
