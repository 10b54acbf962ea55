import { sql } from 'kysely'
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration'
import type { AnyDb } from './database.js'

/**
 * Migrations are named `<yyyymmdd>_<nnnn>_<what>` so that sorting by name orders them across
 * the slices that contribute them (event store, projections, tenancy secrets, …). Each slice's
 * migrations depend only on its own, so one that comes later by date may run before an earlier
 * one of another slice (a process that migrates only some slices first, a slice that grows a table).
 */
export type Migrations = Record<string, Migration>

export async function migrateToLatest(db: AnyDb, migrations: Migrations): Promise<string[]> {
  const known = { ...(await othersApplied(db, migrations)), ...migrations }
  const provider: MigrationProvider = { getMigrations: async () => known }
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/**
 * Migrations of other slices already applied to this database, as no-ops: a process that migrates
 * only its own slices (the event-store suite, say) must not take another slice's applied
 * migration for a missing one, which kysely calls "corrupted migrations".
 */
async function othersApplied(db: AnyDb, migrations: Migrations): Promise<Migrations> {
  const { rows } = await sql<{ exists: boolean }>`select to_regclass('kysely_migration') is not null as exists`.execute(
    db,
  )
  if (!rows[0]?.exists) return {}
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
  const noop: Migration = { up: async () => undefined }
  return Object.fromEntries(applied.rows.filter(({ name }) => !(name in migrations)).map(({ name }) => [name, noop]))
}
