import { sql } from 'kysely'
import type { Migrations } from '../database/migrate.js'

/**
 * Bookkeeping of the projection engine: one checkpoint row per projection (moved in the same
 * transaction as the batch it follows), the stores parked in a projection by an event it could
 * not apply (written in the same transaction too), and the queue of rebuild and retry requests
 * that the owner of a projection carries out, whichever process asked for them (CLI, `cacheRebuild`).
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
      await db.schema
        .createIndex('projection_rebuilds_status')
        .on('projection_rebuilds')
        .columns(['status', 'requested_at'])
        .execute()
    },
  },
  '20261125_0100_projection_parked_stores': {
    async up(db) {
      // store_id is text: it is the scope of a stream name, which the engine must be able to record whatever it holds.
      await db.schema
        .createTable('projection_parked_stores')
        .addColumn('projection', 'text', (c) => c.notNull())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('position', 'text', (c) => c.notNull())
        .addColumn('parked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('projection_parked_stores_pkey', ['projection', 'store_id'])
        .execute()
      await db.schema
        .createIndex('projection_parked_stores_store')
        .on('projection_parked_stores')
        .column('store_id')
        .execute()
      // A retry of a halted projection travels through the same queue as rebuilds, to the projection's owner.
      await db.schema
        .alterTable('projection_rebuilds')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('rebuild'))
        .execute()
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

/** A store whose events one projection does not apply until `emporium projections retry` replays them. */
export interface ParkedRow {
  projection: string
  store_id: string
  /** `<event type> <event id>: <message>` of the event that failed (the latest attempt's). */
  error: string
  event_id: string
  event_type: string
  position: string
  parked_at: Date
  updated_at: Date
}

export interface RebuildRow {
  id: string
  projection: string | null
  store_id: string | null
  /** `rebuild` (whole or store), or `retry`: restart a halted projection from its checkpoint. */
  kind: 'rebuild' | 'retry'
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
/** Told (at commit) whenever a store is parked or unparked, so every process refreshes its parked set. */
export const PARKED_CHANNEL = 'emporium_parked_stores'
