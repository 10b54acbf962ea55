import { sql } from 'kysely'
import type { Migrations } from '../../infra/database/migrate.js'

/** One checkpoint per reaction: the position of the last event it has reacted to. */
export const reactionMigrations: Migrations = {
  '20261121_1200_reaction_checkpoints': {
    async up(db) {
      await db.schema
        .createTable('reaction_checkpoints')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('position', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
    },
  },
}
