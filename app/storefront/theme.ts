import { sql } from 'kysely'
import { parseSectionSchema, type SectionSchema } from '../../domain/webstore/theme/section-schema.js'
import { effectiveSettings } from '../../domain/webstore/theme/settings.js'
import type { LiveTheme } from '../../domain/webstore/theme/theme.js'
import { mainTheme } from '../../projections/webstore/theme/queries.js'
import type { ThemeDb, ThemeFileRow } from '../../projections/webstore/theme/tables.js'
import type { Platform } from '../platform.js'
import { renderLiquidAssets } from './liquid-assets.js'
import type { StorefrontTheme } from './theme-files.js'

export type { StorefrontTheme }

/** Most themes a process keeps parsed; each is a few hundred kilobytes. */
const CACHE_SIZE = 100
const cache = new Map<string, StorefrontTheme>()

/** The store's main theme, or null when it has none yet (a store being created). */
export async function loadMainTheme(platform: Platform, storeId: string): Promise<StorefrontTheme | null> {
  const db = platform.database.db
  const theme = await mainTheme(db, storeId)
  if (!theme) return null
  const stamp = await (db as ThemeDb)
    .selectFrom('theme_files')
    .select([sql<string>`max(updated_at)::text`.as('latest'), sql<string>`count(*)::text`.as('files')])
    .where('store_id', '=', storeId)
    .where('theme_id', '=', theme.id)
    .executeTakeFirst()
  const version = `${theme.id}:${String(theme.updated_at instanceof Date ? theme.updated_at.getTime() : theme.updated_at)}:${stamp?.latest}:${stamp?.files}`
  const cached = cache.get(storeId)
  if (cached?.version === version) return cached
  const rows = await (db as ThemeDb)
    .selectFrom('theme_files')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('theme_id', '=', theme.id)
    .execute()
  const loaded = buildTheme(theme.id, version, rows, storeId)
  cache.delete(storeId)
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!)
  cache.set(storeId, loaded)
  return loaded
}

function buildTheme(id: string, version: string, rows: readonly ThemeFileRow[], storeId: string): StorefrontTheme {
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
