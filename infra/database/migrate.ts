import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration'
import type { AnyDb } from './database.js'

/**
 * Migrations are named `<yyyymmdd>_<nnnn>_<what>` so that sorting by name orders them across
 * the slices that contribute them (event store, projections, tenancy secrets, …).
 */
export type Migrations = Record<string, Migration>

export async function migrateToLatest(db: AnyDb, migrations: Migrations): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations }
  const migrator = new Migrator({ db, provider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
