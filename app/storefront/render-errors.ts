import { type ColumnType, type Kysely } from 'kysely'
import type { Reaction } from '../../domain/shared/reaction.js'
import type { ThemeDeleted } from '../../domain/webstore/theme/events.js'
import type { AnyDb } from '../../infra/database/database.js'
import type { Migrations } from '../../infra/database/migrate.js'
import { column, table, type DatabaseOf } from '../../projections/shared/table.js'
import { createTablesMigration } from '../shared/operational-tables.js'

/**
 * The last failed renders of each theme, so a merchant sees that their theme broke a page
 * (`Theme.renderErrors`, MCP `get_theme`). Operational data, not history: a render happens on a
 * shopper's GET, which must never append events, so this is a small table of its own (not a read
 * model: no projection builds it), trimmed to the newest `KEPT_PER_THEME` rows of a theme and
 * emptied of a theme's rows when the theme is deleted.
 */
const THEME_RENDER_ERRORS_TABLE = table(
  'theme_render_errors',
  {
    id: column.ofType<ColumnType<string, never, never>>('bigserial'),
    store_id: column.uuid(),
    theme_id: column.uuid(),
    at: column.ofType<ColumnType<Date, Date, never>>('timestamptz'),
    path: column.text(),
    template: column.text(),
    message: column.text(),
  },
  { primaryKey: ['id'], indexes: { theme_render_errors_theme: ['store_id', 'theme_id', 'at'] } },
)

export const themeRenderErrorMigrations: Migrations = {
  '20261126_0700_theme_render_errors': createTablesMigration(THEME_RENDER_ERRORS_TABLE),
}

const errors = (db: AnyDb): Kysely<DatabaseOf<typeof THEME_RENDER_ERRORS_TABLE>> => db

/** One failed render: when, the request's path, the template it rendered and what the theme did wrong. */
export interface ThemeRenderError {
  at: Date
  path: string
  template: string
  message: string
}

/** Failed renders kept per theme: the newest ones, enough to see a pattern. */
export const KEPT_PER_THEME = 20
/** At most one row per theme and process this often: a page failing for every shopper writes once, not per request. */
export const RECORD_INTERVAL_MS = 10_000
/** Longest message kept: liquidjs names the file, line and the tag, which fits well below it. */
const MESSAGE_CHARS = 1_000
/** Themes whose last write time a process remembers; the oldest is forgotten first. */
const REMEMBERED_THEMES = 10_000

const lastWritten = new Map<string, number>()

/**
 * Records a failed render unless the theme had one recorded by this process within
 * `RECORD_INTERVAL_MS`; answers whether it wrote. The caller need not wait: a failure here is the
 * caller's to log, the shopper's answer does not depend on it.
 */
export async function recordThemeRenderError(
  db: AnyDb,
  storeId: string,
  themeId: string,
  error: ThemeRenderError,
): Promise<boolean> {
  const key = `${storeId}:${themeId}`
  const now = error.at.getTime()
  const last = lastWritten.get(key)
  if (last !== undefined && now - last < RECORD_INTERVAL_MS) return false
  lastWritten.delete(key)
  if (lastWritten.size >= REMEMBERED_THEMES) lastWritten.delete(lastWritten.keys().next().value!)
  lastWritten.set(key, now)
  await errors(db)
    .insertInto('theme_render_errors')
    .values({
      store_id: storeId,
      theme_id: themeId,
      at: error.at,
      path: error.path.slice(0, MESSAGE_CHARS),
      template: error.template,
      message: error.message.slice(0, MESSAGE_CHARS),
    })
    .execute()
  await errors(db)
    .deleteFrom('theme_render_errors')
    .where('store_id', '=', storeId)
    .where('theme_id', '=', themeId)
    .where(
      'id',
      'not in',
      errors(db)
        .selectFrom('theme_render_errors')
        .select('id')
        .where('store_id', '=', storeId)
        .where('theme_id', '=', themeId)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(KEPT_PER_THEME),
    )
    .execute()
  return true
}

/** A theme's recorded failed renders, newest first. */
export async function themeRenderErrors(db: AnyDb, storeId: string, themeId: string): Promise<ThemeRenderError[]> {
  return errors(db)
    .selectFrom('theme_render_errors')
    .select(['at', 'path', 'template', 'message'])
    .where('store_id', '=', storeId)
    .where('theme_id', '=', themeId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(KEPT_PER_THEME)
    .execute()
}

/** A deleted theme takes its failed renders with it. */
export function themeRenderErrorReactions(db: AnyDb): readonly Reaction[] {
  return [
    {
      name: 'theme-render-errors-cleanup',
      eventTypes: ['ThemeDeleted'],
      scopes: [],
      react: async (event) => {
        if (!event.storeId) return []
        await errors(db)
          .deleteFrom('theme_render_errors')
          .where('store_id', '=', event.storeId)
          .where('theme_id', '=', (event.data as ThemeDeleted['data']).themeId)
          .execute()
        return []
      },
    },
  ]
}
