import type { Kysely, Selectable } from 'kysely'
import type { ThemeRole, ThemeSource } from '../../../domain/webstore/theme/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { createIndexes, type Timestamp } from '../../shared/entity-table.js'

/** One row per live theme of every store; deleted themes are removed. */
export interface ThemesTable {
  store_id: string
  organization_id: string
  id: string
  name: string
  role: ThemeRole
  source: ThemeSource
  source_theme_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

/** Every file of every live theme, with its whole content: what the storefront renders from. */
export interface ThemeFilesTable {
  store_id: string
  theme_id: string
  path: string
  content: string
  checksum: string
  size: number
  /** Set for binary assets only: their bytes are in the blob store under `checksum`, and `content` is empty. */
  content_type: string | null
  updated_at: Timestamp
}

/**
 * One row per theme being created: files staged (`ThemeFilesAdded`), no `ThemeCreated` yet, and
 * when the last batch came. What the sweep finds creations cut short by.
 */
export interface ThemeImportsTable {
  store_id: string
  organization_id: string
  theme_id: string
  staged_at: Timestamp
}

export interface ThemeDatabase {
  themes: ThemesTable
  theme_files: ThemeFilesTable
  theme_imports: ThemeImportsTable
}

export type ThemeRow = Selectable<ThemesTable>
export type ThemeFileRow = Selectable<ThemeFilesTable>
export type ThemeDb = Kysely<ThemeDatabase>

export async function createThemeTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('themes')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_theme_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('themes_pkey', ['store_id', 'id'])
    .execute()
  await db.schema.createIndex('themes_store_role').ifNotExists().on('themes').columns(['store_id', 'role']).execute()
  await db.schema
    .createTable('theme_files')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('theme_id', 'uuid', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('checksum', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('theme_files_pkey', ['store_id', 'theme_id', 'path'])
    .execute()
  await db.schema
    .createTable('theme_imports')
    .ifNotExists()
    .addColumn('store_id', 'uuid', (c) => c.notNull())
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('theme_id', 'uuid', (c) => c.notNull())
    .addColumn('staged_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('theme_imports_pkey', ['store_id', 'theme_id'])
    .execute()
  await createIndexes(db, 'theme_imports', { theme_imports_staged_at: ['staged_at'] })
}
