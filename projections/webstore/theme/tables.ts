import type { Kysely, Selectable } from 'kysely'
import type { ThemeRole, ThemeSource } from '../../../domain/webstore/theme/events.js'
import { column, table, type DatabaseOf, type RowOf } from '../../shared/table.js'

/** One row per live theme of every store; deleted themes are removed. */
export const THEMES_TABLE = table(
  'themes',
  {
    store_id: column.uuid(),
    organization_id: column.uuid(),
    id: column.uuid(),
    name: column.text(),
    role: column.text<ThemeRole>(),
    source: column.text<ThemeSource>(),
    source_theme_id: column.uuid().nullable(),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
  },
  { primaryKey: ['store_id', 'id'], indexes: { themes_store_role: ['store_id', 'role'] } },
)

/** Every file of every live theme, with its whole content: what the storefront renders from. */
export const THEME_FILES_TABLE = table(
  'theme_files',
  {
    store_id: column.uuid(),
    theme_id: column.uuid(),
    path: column.text(),
    content: column.text(),
    checksum: column.text(),
    size: column.integer(),
    /** Set for binary assets only: their bytes are in the blob store under `checksum`, and `content` is empty. */
    content_type: column.text().nullable(),
    updated_at: column.timestamptz(),
  },
  { primaryKey: ['store_id', 'theme_id', 'path'] },
)

/**
 * One row per theme being created: files staged (`ThemeFilesAdded`), no `ThemeCreated` yet, and
 * when the last batch came. What the sweep finds creations cut short by.
 */
export const THEME_IMPORTS_TABLE = table(
  'theme_imports',
  { store_id: column.uuid(), organization_id: column.uuid(), theme_id: column.uuid(), staged_at: column.timestamptz() },
  { primaryKey: ['store_id', 'theme_id'], indexes: { theme_imports_staged_at: ['staged_at'] } },
)

export type ThemeRow = Selectable<RowOf<typeof THEMES_TABLE>>
export type ThemeFileRow = Selectable<RowOf<typeof THEME_FILES_TABLE>>
export type ThemeDb = Kysely<DatabaseOf<typeof THEMES_TABLE | typeof THEME_FILES_TABLE | typeof THEME_IMPORTS_TABLE>>
