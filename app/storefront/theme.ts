import { sql } from 'kysely'
import { parseSectionSchema, type SectionSchema } from '../../domain/webstore/theme/section-schema.js'
import { effectiveSettings } from '../../domain/webstore/theme/settings.js'
import type { LiveTheme } from '../../domain/webstore/theme/theme.js'
import { mainTheme, themeById } from '../../projections/webstore/theme/queries.js'
import type { ThemeDb, ThemeFileRow, ThemeRow } from '../../projections/webstore/theme/tables.js'
import type { AnyDb } from '../../infra/database/database.js'
import type { Platform } from '../platform.js'
import type { ContextPart, StoreRef } from './render-context.js'
import { renderLiquidAssets } from './liquid-assets.js'
import type { StorefrontTheme } from './theme-files.js'

export type { StorefrontTheme }

/** Most themes a process keeps parsed; each is a few hundred kilobytes. */
const CACHE_SIZE = 100
const cache = new Map<string, StorefrontTheme>()

/** A theme row with the version of its files: which parsed theme to serve. */
interface ThemeVersion {
  theme: ThemeRow
  version: string
}

/** The main theme's row and files' version: a part of the store's render context, read by every page. */
const MAIN_THEME: ContextPart<ThemeVersion | null> = {
  async load(db, { storeId }) {
    const theme = await mainTheme(db, storeId)
    return theme ? { theme, version: await themeVersion(db, storeId, theme) } : null
  },
}

/** The store's main theme, or null when it has none yet (a store being created). */
export async function loadMainTheme(platform: Platform, store: StoreRef): Promise<StorefrontTheme | null> {
  const main = await platform.renderContexts.read(store, MAIN_THEME)
  return main ? parsedTheme(platform, store.storeId, main, store.storeId) : null
}

/** Any theme of the store, as a preview link shows it; null when the store has no such theme (deleted since). */
export async function loadPreviewTheme(
  platform: Platform,
  storeId: string,
  themeId: string,
): Promise<StorefrontTheme | null> {
  const db = platform.database.db
  const theme = await themeById(db, storeId, themeId)
  if (!theme) return null
  const version = await themeVersion(db, storeId, theme)
  return parsedTheme(platform, storeId, { theme, version }, `${storeId}:${theme.id}`)
}

/** Changes with any change to the theme's row or files. */
async function themeVersion(db: AnyDb, storeId: string, theme: ThemeRow): Promise<string> {
  const stamp = await (db as ThemeDb)
    .selectFrom('theme_files')
    .select([sql<string>`max(updated_at)::text`.as('latest'), sql<string>`count(*)::text`.as('files')])
    .where('store_id', '=', storeId)
    .where('theme_id', '=', theme.id)
    .executeTakeFirst()
  return `${theme.id}:${String(theme.updated_at instanceof Date ? theme.updated_at.getTime() : theme.updated_at)}:${stamp?.latest}:${stamp?.files}`
}

/** The parsed theme, from the process cache while its files are unchanged. */
async function parsedTheme(
  platform: Platform,
  storeId: string,
  { theme, version }: ThemeVersion,
  cacheKey: string,
): Promise<StorefrontTheme> {
  const cached = cache.get(cacheKey)
  if (cached?.version === version) return cached
  const rows = await (platform.database.db as ThemeDb)
    .selectFrom('theme_files')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('theme_id', '=', theme.id)
    .execute()
  const loaded = buildTheme(theme, version, rows, storeId)
  cache.delete(cacheKey)
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!)
  cache.set(cacheKey, loaded)
  return loaded
}

function buildTheme(
  { id, name }: ThemeRow,
  version: string,
  rows: readonly ThemeFileRow[],
  storeId: string,
): StorefrontTheme {
  const files = new Map<string, string>()
  const binaryAssets = new Map<string, string>()
  const textChecksums = new Map<string, string>()
  const live: LiveTheme = { themeId: id, name: '', files: {} }
  const liveFiles: Record<string, LiveTheme['files'][string]> = {}
  for (const row of rows) {
    if (row.content_type) binaryAssets.set(row.path, row.checksum)
    else {
      files.set(row.path, row.content)
      textChecksums.set(row.path, row.checksum)
    }
    liveFiles[row.path] = { path: row.path, content: row.content, checksum: row.checksum, size: row.size }
  }
  const schemas = new Map<string, SectionSchema | null>()
  for (const [path, content] of files) {
    const type = /^sections\/(.+)\.liquid$/.exec(path)?.[1]
    if (!type) continue
    const parsed = parseSectionSchema(content)
    schemas.set(type, parsed.ok ? parsed.schema : null)
  }
  const built = {
    id,
    name,
    version,
    files,
    binaryAssets,
    textChecksums,
    settings: effectiveSettings({ ...live, files: liveFiles }),
    schemas,
  }
  for (const [path, asset] of renderLiquidAssets(built, storeId)) {
    files.set(path, asset.content)
    textChecksums.set(path, asset.checksum)
  }
  return built
}
