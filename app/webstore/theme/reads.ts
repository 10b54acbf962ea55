import { DomainError } from '../../../domain/shared/errors.js'
import type { ListArgs } from '../../../domain/shared/list-spec.js'
import { grants } from '../../../domain/shared/scopes.js'
import { THEME_CATEGORY } from '../../../domain/webstore/theme/streams.js'
import { readEntityHistory } from '../../../projections/audit/log/history.js'
import {
  listThemes as listThemeRows,
  mainTheme,
  themeById,
  themeConfig,
  themeFileByPath,
  themeFiles,
  type ListThemesArgs,
  type ThemeConfig,
  type ThemeFilter,
  type ThemeSort,
} from '../../../projections/webstore/theme/queries.js'
import { toAuditEntryView } from '../../audit/log/view.js'
import { requireScope, type Caller } from '../../caller.js'
import { mapConnection, type PaginateOptions } from '../../shared/connection.js'
import { themeRenderErrors } from '../../storefront/render-errors.js'
import { webstoreStore } from '../shared/store.js'
import {
  toThemeDetailView,
  toThemeFileView,
  toThemeRenderErrorView,
  toThemeView,
  type ThemeDetailView,
  type ThemeFileView,
  type ThemeRenderErrorView,
  type ThemeView,
} from './view.js'
import { viewFinder, viewLister } from '../../shared/store-reads.js'
import { orNotFound } from '../../shared/lookup.js'

export type { ListThemesArgs, ThemeConfig, ThemeFilter, ThemeSort }

/** How many files a theme's detail lists (MCP `get_theme`); GraphQL's `Theme.files` pages through them all. */
const DETAIL_FILES = 250

/** One theme by id, or null when the caller's store has none: a write's read-back. */
export const findThemeView = viewFinder(webstoreStore, themeById, toThemeView)

/** One theme of the store; NOT_FOUND when the store has none (another store's theme included). */
export async function readTheme(caller: Caller, id: string): Promise<ThemeView> {
  const theme = await orNotFound(findThemeView(caller, id), 'theme', id)
  return theme
}

/** The store's main theme (the one shoppers see), or null before the default theme is installed. */
export async function findMainTheme(caller: Caller): Promise<ThemeView | null> {
  const theme = await mainTheme(caller.platform.database.db, webstoreStore(caller))
  return theme ? toThemeView(theme) : null
}

/**
 * The main theme of a store the caller reaches (one the viewer lists, or the selected one) for a
 * credential that may read themes; null otherwise, or before the default theme is installed.
 */
export async function mainThemeOf(caller: Caller, storeId: string): Promise<ThemeView | null> {
  if (!grants(caller.principal.scopes, 'webstore:read')) return null
  const theme = await mainTheme(caller.platform.database.db, storeId)
  return theme ? toThemeView(theme) : null
}

/** One page of the store's themes, filtered and sorted (CREATED_AT_DESC when no sort is given). */
export const listThemes = viewLister(webstoreStore, listThemeRows, toThemeView)

/** A theme's files in path order, optionally only the given paths (GraphQL's `Theme.files`). */
export async function listThemeFiles(
  caller: Caller,
  theme: ThemeView,
  args: ListArgs & { paths?: readonly string[] | null },
  options: PaginateOptions = {},
) {
  requireScope(caller, 'webstore:read')
  const page = await themeFiles(caller.platform.database.db, theme.storeId, theme.id, args, options)
  return mapConnection(page, toThemeFileView)
}

/** One file of a theme by path, or null. */
export async function findThemeFile(caller: Caller, theme: ThemeView, path: string): Promise<ThemeFileView | null> {
  requireScope(caller, 'webstore:read')
  const file = await themeFileByPath(caller.platform.database.db, theme.storeId, theme.id, path)
  return file ? toThemeFileView(file) : null
}

/** The storefront renders the theme lately failed, newest first. */
export async function themeRenderErrorsOf(caller: Caller, theme: ThemeView): Promise<ThemeRenderErrorView[]> {
  requireScope(caller, 'webstore:read')
  const errors = await themeRenderErrors(caller.platform.database.db, theme.storeId, theme.id)
  return errors.map(toThemeRenderErrorView)
}

/** One file of a theme of the store; NOT_FOUND (naming `path`) when the theme or the file does not exist. */
export async function readThemeFile(caller: Caller, themeId: string, path: string): Promise<ThemeFileView> {
  const theme = await readTheme(caller, themeId)
  const file = await findThemeFile(caller, theme, path)
  if (!file) throw new DomainError('NOT_FOUND', `theme '${theme.id}' has no file '${path}'`, { field: ['path'] })
  return file
}

/** settings, settingsSchema and sections come from the same files: read once per theme view. */
const configs = new WeakMap<ThemeView, Promise<ThemeConfig>>()

/** The theme's settings in effect, their schema and its sections with their schemas. */
export function themeConfigOf(caller: Caller, theme: ThemeView): Promise<ThemeConfig> {
  requireScope(caller, 'webstore:read')
  let config = configs.get(theme)
  if (!config) {
    config = themeConfig(caller.platform.database.db, theme.storeId, theme.id)
    configs.set(theme, config)
  }
  return config
}

/** Every event of the theme, newest first (`Theme.history`), read in the theme's own store. */
export async function themeHistory(
  caller: Caller,
  theme: ThemeView,
  args: { first?: number | null; after?: string | null },
  options: PaginateOptions = {},
) {
  requireScope(caller, 'webstore:read')
  const page = await readEntityHistory(
    caller.platform.database.db,
    theme.storeId,
    { entityType: THEME_CATEGORY, entityId: theme.id },
    args,
    options,
  )
  return mapConnection(page, toAuditEntryView)
}

async function detailOf(caller: Caller, theme: ThemeView): Promise<ThemeDetailView> {
  const [files, config, renderErrors] = await Promise.all([
    themeFiles(caller.platform.database.db, theme.storeId, theme.id, { limit: DETAIL_FILES }),
    themeConfigOf(caller, theme),
    themeRenderErrorsOf(caller, theme),
  ])
  return toThemeDetailView(theme, files.nodes, config.settings, renderErrors)
}

/** A theme's detail by id, or null when the caller's store has none: a write's read-back. */
export async function findThemeDetail(caller: Caller, id: string): Promise<ThemeDetailView | null> {
  const theme = await findThemeView(caller, id)
  return theme && detailOf(caller, theme)
}

/** A theme's detail by id, or the main theme's when no id is given; NOT_FOUND when there is none. */
export async function readThemeDetail(caller: Caller, id?: string | null): Promise<ThemeDetailView> {
  const theme = id ? await readTheme(caller, id) : await findMainTheme(caller)
  if (!theme) throw new DomainError('NOT_FOUND', 'the store has no main theme yet; try again in a moment')
  return detailOf(caller, theme)
}

/** One page of the store's themes, each as its detail. */
export async function listThemeDetails(caller: Caller, args: ListThemesArgs) {
  const page = await listThemes(caller, args)
  const nodes = await Promise.all(page.nodes.map((theme) => detailOf(caller, theme)))
  return { nodes, pageInfo: page.pageInfo, totalCount: page.totalCount }
}
