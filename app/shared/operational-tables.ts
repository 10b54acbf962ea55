import { sql, type ColumnType } from 'kysely'
import type { Migration } from 'kysely/migration'
import { column, createTable, type AnyTableSpec } from '../../projections/shared/table.js'

/**
 * A table this service owns that is not a read model: secrets, sessions, shoppers' personal data,
 * operational records. No event can rebuild it, so a migration creates it and a projection rebuild
 * never touches it. It is declared with `table(...)` like a read model's table, so one list of
 * columns gives both its DDL and its kysely row type (`RowOf`).
 */
export interface OperationalTable extends AnyTableSpec {
  /** Unique constraints, each named, on its columns in order. */
  unique?: Readonly<Record<string, readonly string[]>>
  /** A primary key named otherwise than `<table>_pkey` (instead of `primaryKey`): its name and columns. */
  namedPrimaryKey?: readonly [name: string, columns: readonly string[]]
}

/** A `created_at` column: when the row was inserted, set by the database and never updated. */
export const createdNow = () => column.ofType<ColumnType<Date, Date | string, never>>('timestamptz').default(sql`now()`)

/**
 * The migration that creates `tables` in order, each with its indexes and constraints, and drops
 * them in the reverse order.
 *
 * @example
 *   export const tokenMigrations: Migrations = { '20261201_0100_tokens': createTablesMigration(TOKENS_TABLE) }
 */
export function createTablesMigration(...tables: readonly OperationalTable[]): Migration {
  return {
    async up(db) {
      for (const spec of tables) {
        await createTable(db, spec)
        if (spec.namedPrimaryKey) {
          const [name, columns] = spec.namedPrimaryKey
          await db.schema
            .alterTable(spec.name)
            .addPrimaryKeyConstraint(name, [...columns])
            .execute()
        }
        for (const [name, columns] of Object.entries(spec.unique ?? {}))
          await db.schema
            .alterTable(spec.name)
            .addUniqueConstraint(name, [...columns])
            .execute()
      }
    },
    async down(db) {
      for (const spec of [...tables].reverse()) await db.schema.dropTable(spec.name).execute()
    },
  }
}
