import { sql } from 'kysely'
import { isUuid } from '../../../domain/shared/ids.js'
import type { FilterOf, ListArgsOf, SortOf } from '../../../domain/shared/list-spec.js'
import { THEME_LIST } from '../../../domain/webstore/theme/list.js'
import { SETTINGS_DATA_PATH, SETTINGS_SCHEMA_PATH, type ThemeFile } from '../../../domain/webstore/theme/files.js'
import { parseSectionSchema, type SectionSchema } from '../../../domain/webstore/theme/section-schema.js'
import { effectiveSettings, themeSettingsSchema } from '../../../domain/webstore/theme/settings.js'
import type { SettingsSchema } from '../../../domain/webstore/theme/settings-schema.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { listRunner } from '../../shared/list-runner.js'
import { paginate, type Connection, type ListArgs, type PaginateOptions } from '../../shared/pagination.js'
import type { ThemeDb, ThemeFileRow, ThemeRow } from './tables.js'
import { findInStore } from '../../shared/store-rows.js'

export type ThemeFilter = FilterOf<typeof THEME_LIST>
export type ThemeSort = SortOf<typeof THEME_LIST>
export type ListThemesArgs = ListArgsOf<typeof THEME_LIST>

const themes = listRunner(THEME_LIST)

/** A theme of the store, or undefined (another store's theme, a deleted one and a malformed id alike). */
export async function themeById(db: AnyDb, storeId: string, id: string): Promise<ThemeRow | undefined> {
  if (!isUuid(id)) return undefined
  return (db as ThemeDb)
    .selectFrom('themes')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('id', '=', id.toLowerCase())
    .executeTakeFirst()
}

/** The store's main theme (every store has one once its default theme is installed). */
export async function mainTheme(db: AnyDb, storeId: string): Promise<ThemeRow | undefined> {
  return (db as ThemeDb)
    .selectFrom('themes')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('role', '=', 'MAIN')
    .executeTakeFirst()
}

/** The main theme of each store, for a list of stores (the viewer's stores). */
export async function mainThemes(db: AnyDb, storeIds: readonly string[]): Promise<Map<string, ThemeRow>> {
  if (storeIds.length === 0) return new Map()
  const rows = await (db as ThemeDb)
    .selectFrom('themes')
    .selectAll()
    .where('store_id', 'in', storeIds)
    .where('role', '=', 'MAIN')
    .execute()
  return new Map(rows.map((row) => [row.store_id, row]))
}

/** One page of the store's themes. */
export function listThemes(
  db: AnyDb,
  storeId: string,
  args: ListThemesArgs,
  options?: PaginateOptions,
): Promise<Connection<ThemeRow>> {
  return themes.run((db as ThemeDb).selectFrom('themes').selectAll().where('store_id', '=', storeId), args, options)
}

export type ThemeFileNode = ThemeFileRow & { id: string }

/** A theme's files in path order, optionally only the given paths. */
export function themeFiles(
  db: AnyDb,
  storeId: string,
  themeId: string,
  args: ListArgs & { paths?: readonly string[] | null },
  options?: PaginateOptions,
): Promise<Connection<ThemeFileNode>> {
  const inner = (db as ThemeDb)
    .selectFrom('theme_files')
    .selectAll()
    // Cursors pair the sort value with a UUID id: a file's is derived from its path, unique within the theme.
    .select(sql<string>`md5(path)::uuid::text`.as('id'))
    .where('store_id', '=', storeId)
    .where('theme_id', '=', themeId)
    .$if(args.paths != null, (q) =>
      args.paths!.length ? q.where('path', 'in', args.paths!) : q.where(sql<boolean>`false`),
    )
  const query = (db as ThemeDb).selectFrom(inner.as('f')).selectAll()
  return paginate(query, args, { column: 'path', direction: 'asc' }, options) as Promise<Connection<ThemeFileNode>>
}

/** The binary asset of a store's live theme with these bytes (for serving them), or undefined. */
export async function themeAssetByHash(
  db: AnyDb,
  storeId: string,
  hash: string,
): Promise<{ content_type: string } | undefined> {
  const assets = (db as ThemeDb).selectFrom('theme_files').select('content_type').where('content_type', 'is not', null)
  const row = await findInStore(assets, storeId, { checksum: hash })
  return row?.content_type ? { content_type: row.content_type } : undefined
}

/** One file of a theme, or undefined. */
export async function themeFileByPath(
  db: AnyDb,
  storeId: string,
  themeId: string,
  path: string,
): Promise<ThemeFileRow | undefined> {
  return (db as ThemeDb)
    .selectFrom('theme_files')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('theme_id', '=', themeId)
    .where('path', '=', path)
    .executeTakeFirst()
}

/** A section file and its `{% schema %}` (null when it has none or it does not parse). */
export interface ThemeSection {
  type: string
  path: string
  schema: SectionSchema | null
}

/** What the theme editor and the renderer read besides files: settings in effect, their schema, and the sections with their schemas. */
export interface ThemeConfig {
  settings: Record<string, unknown>
  settingsSchema: SettingsSchema
  sections: ThemeSection[]
}

export async function themeConfig(db: AnyDb, storeId: string, themeId: string): Promise<ThemeConfig> {
  const rows = await (db as ThemeDb)
    .selectFrom('theme_files')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('theme_id', '=', themeId)
    .where((eb) =>
      eb.or([eb('path', 'in', [SETTINGS_SCHEMA_PATH, SETTINGS_DATA_PATH]), eb('path', 'like', 'sections/%.liquid')]),
    )
    .orderBy('path')
    .execute()
  const files: Record<string, ThemeFile> = Object.fromEntries(
    rows.map((r) => [r.path, { path: r.path, content: r.content, checksum: r.checksum, size: r.size }]),
  )
  const theme = { themeId, name: '', files }
  const sections = rows
    .filter((r) => r.path.startsWith('sections/'))
    .map((r) => {
      const parsed = parseSectionSchema(r.content)
      return {
        type: r.path.slice('sections/'.length, -'.liquid'.length),
        path: r.path,
        schema: parsed.ok ? parsed.schema : null,
      }
    })
  return { settings: effectiveSettings(theme), settingsSchema: themeSettingsSchema(theme), sections }
}

/**
 * Theme creations whose last staged files came before `before` and which neither completed nor
 * were abandoned since, oldest first: those a crash cut short.
 */
export async function staleThemeImports(
  db: AnyDb,
  before: Date,
  limit: number,
): Promise<{ organizationId: string; storeId: string; id: string }[]> {
  return (db as ThemeDb)
    .selectFrom('theme_imports')
    .select(['organization_id as organizationId', 'store_id as storeId', 'theme_id as id'])
    .where('staged_at', '<', before)
    .orderBy('staged_at')
    .limit(limit)
    .execute()
}
