import type { Kysely, Selectable } from 'kysely'
import type { ThemeRole, ThemeSource } from '../../../domain/webstore/theme/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import {
  createTable,
  integer,
  table,
  text,
  timestamptz,
  uuid,
  type DatabaseOf,
  type RowOf,
} from '../../shared/table.js'

/** One row per live theme of every store; deleted themes are removed. */
export const THEMES_TABLE = table(
  'themes',
  {
    store_id: uuid(),
    organization_id: uuid(),
    id: uuid(),
    name: text(),
    role: text<ThemeRole>(),
    source: text<ThemeSource>(),
    source_theme_id: uuid().nullable(),
    created_at: timestamptz(),
    updated_at: timestamptz(),
  },
  { primaryKey: ['store_id', 'id'], indexes: { themes_store_role: ['store_id', 'role'] } },
)

/** Every file of every live theme, with its whole content: what the storefront renders from. */
export const THEME_FILES_TABLE = table(
  'theme_files',
  {
    store_id: uuid(),
    theme_id: uuid(),
    path: text(),
    content: text(),
    checksum: text(),
    size: integer(),
    /** Set for binary assets only: their bytes are in the blob store under `checksum`, and `content` is empty. */
    content_type: text().nullable(),
    updated_at: timestamptz(),
  },
  { primaryKey: ['store_id', 'theme_id', 'path'] },
)

/**
 * One row per theme being created: files staged (`ThemeFilesAdded`), no `ThemeCreated` yet, and
 * when the last batch came. What the sweep finds creations cut short by.
 */
export const THEME_IMPORTS_TABLE = table(
  'theme_imports',
  { store_id: uuid(), organization_id: uuid(), theme_id: uuid(), staged_at: timestamptz() },
  { primaryKey: ['store_id', 'theme_id'], indexes: { theme_imports_staged_at: ['staged_at'] } },
)

export type ThemeDatabase = DatabaseOf<typeof THEMES_TABLE | typeof THEME_FILES_TABLE | typeof THEME_IMPORTS_TABLE>
export type ThemeRow = Selectable<RowOf<typeof THEMES_TABLE>>
export type ThemeFileRow = Selectable<RowOf<typeof THEME_FILES_TABLE>>
export type ThemeDb = Kysely<ThemeDatabase>

export async function createThemeTables(db: AnyDb): Promise<void> {
  await createTable(db, THEMES_TABLE)
  await createTable(db, THEME_FILES_TABLE)
  await createTable(db, THEME_IMPORTS_TABLE)
}
