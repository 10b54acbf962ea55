import { sql } from 'kysely'
import type { Migrations } from '../../infra/database/migrate.js'
import { column, table } from '../../projections/shared/table.js'
import { createTablesMigration } from '../shared/operational-tables.js'

/** One checkpoint per reaction: the position of the last event it has reacted to. */
export const reactionMigrations: Migrations = {
  '20261121_1200_reaction_checkpoints': createTablesMigration(
    table(
      'reaction_checkpoints',
      { name: column.text(), position: column.text(), updated_at: column.timestamptz().default(sql`now()`) },
      { primaryKey: ['name'] },
    ),
  ),
}
