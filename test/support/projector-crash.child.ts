/**
 * A projector process for `infra/projections/crash.int.test.ts` to kill with SIGKILL at random
 * instants: `node --import tsx test/support/projector-crash.child.ts` with DATABASE_URL
 * (Postgres) or DATA_DIR (PGlite). APPEND=n appends n events first. It prints `ready` once it follows the
 * log, then runs until killed. Each event takes a few milliseconds to apply, so a kill usually
 * lands inside a batch's transaction.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { openDatabase } from '../../infra/database/database.js'
import { migrateToLatest } from '../../infra/database/migrate.js'
import { createPostgresEventStore } from '../../infra/eventstore/postgres/adapter.js'
import { eventStoreMigrations } from '../../infra/eventstore/postgres/schema.js'
import { projectionMigrations } from '../../infra/projections/schema.js'
import { appendCounted, counterProjection, testRunner } from './projections.js'

const CRASH_STORES = ['0190a0b0-0000-7000-9000-000000000001', '0190a0b0-0000-7000-9000-000000000002']

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR })
await migrateToLatest(database.db, { ...eventStoreMigrations, ...projectionMigrations })
const store = createPostgresEventStore(database, { pollIntervalMs: 100 })
const toAppend = Number(process.env.APPEND ?? 0)
for (const storeId of CRASH_STORES) await appendCounted(store, storeId, toAppend / CRASH_STORES.length, 7)

const counter = counterProjection('crashing')
counter.gate = () => sleep(2)
const runner = testRunner(database, store, [counter], { batchSize: 10 })
await runner.start()
process.stdout.write('ready\n')
