import type { Kysely, Selectable } from 'kysely'
import type { MediaKind, MediaMimeType } from '../../domain/media/events.js'
import type { AnyDb } from '../../infra/database/database.js'
import { createIndexes, createEntityTable, type EntityColumns } from '../shared/entity-table.js'

/** One row per live media of every store; deleted media are removed. */
export interface MediaTable extends EntityColumns {
  hash: string
  mime_type: MediaMimeType
  kind: MediaKind
  width: number | null
  height: number | null
  bytes: number
  filename: string
  alt: string
}

/** The media each product shows, in order; mirrors the media list of the product streams. */
export interface ProductMediaTable {
  store_id: string
  product_id: string
  media_id: string
  position: number
}

export interface MediaDatabase {
  media: MediaTable
  product_media: ProductMediaTable
}

export type MediaRow = Selectable<MediaTable>
export type MediaDb = Kysely<MediaDatabase>

export async function createMediaTables(db: AnyDb): Promise<void> {
  await createEntityTable(db, 'media', (table) =>
    table
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('mime_type', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('alt', 'text', (c) => c.notNull().defaultTo('')),
  )
  // Keyset pagination orders by (column, id) within a store; /storage finds a blob's media by hash.
  await createIndexes(db, 'media', {
    media_store_created_idx: ['store_id', 'created_at', 'id'],
    media_store_updated_idx: ['store_id', 'updated_at', 'id'],
    media_store_filename_idx: ['store_id', 'filename', 'id'],
    media_store_bytes_idx: ['store_id', 'bytes', 'id'],
    media_store_hash_idx: ['store_id', 'hash'],
  })

  await db.schema
    .createTable('product_media')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('media_id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_media_pkey', ['store_id', 'product_id', 'media_id'])
    .execute()
  await createIndexes(db, 'product_media', { product_media_media_idx: ['store_id', 'media_id'] })
}
