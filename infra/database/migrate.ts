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
  const provider: MigrationProvider = { getMigrations: async () => migrations }
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
