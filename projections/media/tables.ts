import type { Kysely, Selectable } from 'kysely'
import type { MediaKind, MediaMimeType } from '../../domain/media/events.js'
import type { AnyDb } from '../../infra/database/database.js'
import { entityTable } from '../shared/entity-table.js'
import { column, createTable, table, type DatabaseOf, type RowOf } from '../shared/table.js'

/** One row per live media of every store; deleted media are removed. */
export const MEDIA_TABLE = entityTable(
  'media',
  {
    hash: column.text(),
    mime_type: column.text<MediaMimeType>(),
    kind: column.text<MediaKind>(),
    width: column.integer().nullable(),
    height: column.integer().nullable(),
    bytes: column.integer(),
    filename: column.text(),
    alt: column.text().default(''),
  },
  {
    // Keyset pagination orders by (column, id) within a store; /storage finds a blob's media by hash.
    indexes: {
      media_store_hash_idx: ['store_id', 'hash'],
    },
    sortedBy: ['created_at', 'updated_at', 'filename', 'bytes'],
  },
)

/** The media each product shows, in order; mirrors the media list of the product streams. */
export const PRODUCT_MEDIA_TABLE = table(
  'product_media',
  { store_id: column.uuid(), product_id: column.uuid(), media_id: column.uuid(), position: column.integer() },
  {
    primaryKey: ['store_id', 'product_id', 'media_id'],
    indexes: { product_media_media_idx: ['store_id', 'media_id'] },
  },
)

export type MediaDatabase = DatabaseOf<typeof MEDIA_TABLE | typeof PRODUCT_MEDIA_TABLE>
export type MediaRow = Selectable<RowOf<typeof MEDIA_TABLE>>
export type MediaDb = Kysely<MediaDatabase>

export async function createMediaTables(db: AnyDb): Promise<void> {
  await createTable(db, MEDIA_TABLE)
  await createTable(db, PRODUCT_MEDIA_TABLE)
}
