import { sql } from 'kysely'
import { parseSectionSchema, type SectionSchema } from '../../domain/webstore/theme/section-schema.js'
import { effectiveSettings } from '../../domain/webstore/theme/settings.js'
import type { LiveTheme } from '../../domain/webstore/theme/theme.js'
import { mainTheme, themeById } from '../../projections/webstore/theme/queries.js'
import type { ThemeDb, ThemeFileRow, ThemeRow } from '../../projections/webstore/theme/tables.js'
import type { Platform } from '../platform.js'
import { renderLiquidAssets } from './liquid-assets.js'
import type { StorefrontTheme } from './theme-files.js'

export type { StorefrontTheme }

/** Most themes a process keeps parsed; each is a few hundred kilobytes. */
const CACHE_SIZE = 100
const cache = new Map<string, StorefrontTheme>()

/** The store's main theme, or null when it has none yet (a store being created). */
export async function loadMainTheme(platform: Platform, storeId: string): Promise<StorefrontTheme | null> {
  const theme = await mainTheme(platform.database.db, storeId)
  return theme ? loadTheme(platform, storeId, theme, storeId) : null
}

/** Any theme of the store, as a preview link shows it; null when the store has no such theme (deleted since). */
export async function loadPreviewTheme(
  platform: Platform,
  storeId: string,
  themeId: string,
): Promise<StorefrontTheme | null> {
  const theme = await themeById(platform.database.db, storeId, themeId)
  return theme ? loadTheme(platform, storeId, theme, `${storeId}:${theme.id}`) : null
}

/** The parsed theme, from the process cache while its files are unchanged. */
async function loadTheme(
  platform: Platform,
  storeId: string,
  theme: ThemeRow,
  cacheKey: string,
): Promise<StorefrontTheme> {
  const db = platform.database.db
  const stamp = await (db as ThemeDb)
    .selectFrom('theme_files')
    .select([sql<string>`max(updated_at)::text`.as('latest'), sql<string>`count(*)::text`.as('files')])
    .where('store_id', '=', storeId)
    .where('theme_id', '=', theme.id)
    .executeTakeFirst()
  const version = `${theme.id}:${String(theme.updated_at instanceof Date ? theme.updated_at.getTime() : theme.updated_at)}:${stamp?.latest}:${stamp?.files}`
  const cached = cache.get(cacheKey)
  if (cached?.version === version) return cached
  const rows = await (db as ThemeDb)
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
