import { DomainError } from '../../domain/shared/errors.js'
import { grants, type Scope } from '../../domain/shared/scopes.js'
import {
  findMedia,
  listMedia as listMediaRecords,
  mediaOfProducts as mediaRecordsOfProducts,
  type ListMediaArgs,
} from '../../projections/media/queries.js'
import { requireStore, type Caller } from '../caller.js'
import { toMediaView, type MediaView } from './view.js'
import { viewFinder, viewLister } from '../shared/store-reads.js'
import { orNotFound } from '../shared/lookup.js'

export type { ListMediaArgs }

/** Media serve the catalog and the web store alike, so either read scope reads them. */
const READ_SCOPES: readonly Scope[] = ['products:read', 'webstore:read']

export const canReadMedia = (scopes: readonly Scope[]): boolean => READ_SCOPES.some((scope) => grants(scopes, scope))

/** The selected store's id, once the caller may read media. */
function mediaStore(caller: Caller): string {
  if (!canReadMedia(caller.principal.scopes)) {
    throw new DomainError(
      'FORBIDDEN',
      `this needs the ${READ_SCOPES.join(' or ')} scope, which this credential does not have`,
    )
  }
  return requireStore(caller).id
}

/** One media by id, or null when the caller's store has none: a write's read-back. */
export const findMediaView = viewFinder(mediaStore, findMedia, toMediaView)

/** One media of the store; NOT_FOUND otherwise. */
export async function readMedia(caller: Caller, id: string): Promise<MediaView> {
  const media = await orNotFound(findMediaView(caller, id), 'media', id)
  return media
}

/** One page of the store's media library. */
export const listMedia = viewLister(mediaStore, listMediaRecords, toMediaView)

/** Media by id in the same order, null where the store has none; each distinct id is read once. */
export async function mediaByIds(caller: Caller, ids: readonly (string | null)[]): Promise<(MediaView | null)[]> {
  const storeId = mediaStore(caller)
  const distinct = [...new Set(ids.filter((id): id is string => id !== null))]
  const found = new Map(
    await Promise.all(
      distinct.map(async (id) => [id, await findMedia(caller.platform.database.db, storeId, id)] as const),
    ),
  )
  return ids.map((id) => {
    const media = id === null ? null : found.get(id)
    return media ? toMediaView(media) : null
  })
}

/** The media each product shows, in order, in one query for the whole batch. */
export async function mediaOfProducts(caller: Caller, productIds: readonly string[]): Promise<MediaView[][]> {
  const found = await mediaRecordsOfProducts(caller.platform.database.db, mediaStore(caller), productIds)
  return found.map((media) => media.map(toMediaView))
}
