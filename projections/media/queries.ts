import { sql } from 'kysely'
import type { MediaFields } from '../../domain/media/events.js'
import { MEDIA_LIST } from '../../domain/media/list.js'
import { isUuid } from '../../domain/shared/ids.js'
import type { ListArgsOf } from '../../domain/shared/list-spec.js'
import type { Eb } from '../shared/filters.js'
import { listRunner } from '../shared/list-runner.js'
import type { MediaDb, MediaRow } from './tables.js'
import { storeRecords } from '../shared/store-records.js'
import type { EntityVersionRecord } from '../shared/entity-table.js'
import { idsInStore, listsOfProducts } from '../shared/store-rows.js'

/** A media as the API serves it: its fields, id, store, revision and times. */
export interface MediaRecord extends Omit<MediaFields, 'mediaId'>, EntityVersionRecord {
  id: string
  storeId: string
}

export type ListMediaArgs = ListArgsOf<typeof MEDIA_LIST>

const COLUMNS = [
  'store_id',
  'id',
  'hash',
  'mime_type',
  'kind',
  'width',
  'height',
  'bytes',
  'filename',
  'alt',
  'revision',
  'created_at',
  'updated_at',
] as const
export type MediaListedRow = Pick<MediaRow, (typeof COLUMNS)[number]>

const media = storeRecords({
  rows: (db: MediaDb) => db.selectFrom('media').select(COLUMNS),
  list: listRunner(MEDIA_LIST, {
    filters: { used: (eb, used) => (used ? shownOnProducts(eb) : eb.not(shownOnProducts(eb))) },
  }),
  toRecord: toMediaRecord,
})

/** One media of the store, or null; malformed ids and other stores' media are not found. */
export const findMedia = media.findById

/**
 * One page of the store's media library.
 *
 * @example await listMedia(db, storeId, { first: 50, filter: { kind: ['IMAGE'], used: false }, sort: 'BYTES_DESC' })
 */
export const listMedia = media.list

/** The live media each product shows, in order (a dataloader's batch function for `Product.media`). */
export const mediaOfProducts = listsOfProducts(
  (db: MediaDb) =>
    db
      .selectFrom('product_media as pm')
      .innerJoin('media as m', (join) => join.onRef('m.store_id', '=', 'pm.store_id').onRef('m.id', '=', 'pm.media_id'))
      .select(['pm.product_id', ...COLUMNS.map((c) => `m.${c}` as const)])
      .orderBy('pm.product_id')
      .orderBy('pm.position'),
  toMediaRecord,
  'pm',
)

/** The products that show a media: what a forced delete must detach it from. */
export function productsShowingMedia(db: MediaDb, storeId: string, mediaId: string): Promise<string[]> {
  return idsInStore(db, 'product_media', storeId, { media_id: mediaId }, 'product_id')
}

/** A live media of the store whose stored bytes have this hash, or null: what `/storage` may serve. */
export async function findMediaByHash(db: MediaDb, storeId: string, hash: string): Promise<MediaRecord | null> {
  if (!isUuid(storeId)) return null
  const row = await db
    .selectFrom('media')
    .select(COLUMNS)
    .where('store_id', '=', storeId)
    .where('hash', '=', hash)
    .limit(1)
    .executeTakeFirst()
  return row ? toMediaRecord(row) : null
}

/** The media row is shown on at least one product. */
function shownOnProducts(eb: Eb) {
  return eb.exists(
    eb
      .selectFrom('product_media')
      .select(sql`1`.as('one'))
      .whereRef('product_media.store_id', '=', 'media.store_id')
      .whereRef('product_media.media_id', '=', 'media.id'),
  )
}

export function toMediaRecord(row: MediaListedRow): MediaRecord {
  return {
    id: row.id,
    storeId: row.store_id,
    hash: row.hash,
    mimeType: row.mime_type,
    kind: row.kind,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    filename: row.filename,
    alt: row.alt,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
  }
}
