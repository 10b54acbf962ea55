import { sql } from 'kysely'
import type { Migrations } from '../database/migrate.js'

/**
 * Bookkeeping of the projection engine: one checkpoint row per projection (moved in the same
 * transaction as the batch it follows) and the queue of rebuild requests that the owner of a
 * projection carries out, whichever process asked for them (CLI, `cacheRebuild`).
 */
export const projectionMigrations: Migrations = {
  '20261121_0100_projection_checkpoints': {
    async up(db) {
      await db.schema
        .createTable('projection_checkpoints')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('position', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('running'))
        .addColumn('last_error', 'text')
        .addColumn('error_position', 'text')
        .addColumn('error_event_id', 'text')
        .addColumn('events_applied', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
    },
  },
  '20261121_0101_projection_rebuilds': {
    async up(db) {
      await db.schema
        .createTable('projection_rebuilds')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('projection', 'text')
        .addColumn('store_id', 'uuid')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('requested_by', 'jsonb')
        .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('started_at', 'timestamptz')
        .addColumn('finished_at', 'timestamptz')
        .execute()
      await db.schema.createIndex('projection_rebuilds_status').on('projection_rebuilds').columns(['status', 'requested_at']).execute()
    },
  },
}

export interface CheckpointRow {
  name: string
  version: number
  position: string | null
  status: 'running' | 'failed' | 'rebuilding'
  last_error: string | null
  error_position: string | null
  error_event_id: string | null
  events_applied: string | number
  updated_at: Date
}

export interface RebuildRow {
  id: string
  projection: string | null
  store_id: string | null
  status: 'pending' | 'running' | 'done' | 'failed'
  processed: number
  total: number
  error: string | null
  requested_at: Date
  started_at: Date | null
  finished_at: Date | null
}

export const CHECKPOINT_CHANNEL = 'emporium_checkpoints'
export const REBUILD_CHANNEL = 'emporium_rebuilds'
