import { z } from 'zod'
import { THEME_CATEGORY } from '../../../domain/webstore/theme/streams.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { themeById, themeConfig, themeFiles } from '../../../projections/webstore/theme/queries.js'
import type { ThemeRow } from '../../../projections/webstore/theme/tables.js'
import { themeRenderErrors } from '../../../app/storefront/render-errors.js'
import { isoString } from '../../shared/lists.js'
import { requireStore } from '../../shared/session.js'
import type { ResourceView } from '../../shared/view.js'

/** A theme as the MCP tools return it: the GraphQL `Theme` fields, its file list (without contents) and settings in effect. */
export const themeSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z
    .enum(['MAIN', 'DRAFT', 'UNPUBLISHED'])
    .describe('MAIN: what shoppers see; DRAFT: being prepared (at most one); UNPUBLISHED: kept.'),
  source: z.enum(['DEFAULT', 'ZIP', 'THEME']),
  sourceThemeId: z.string().nullable(),
  files: z
    .array(z.object({ path: z.string(), size: z.number().int(), checksum: z.string() }))
    .describe('Every file; get_theme_file returns a content.'),
  settings: z
    .record(z.string(), z.unknown())
    .describe('Global settings in effect (defaults from config/settings_schema.json overlaid with the chosen values).'),
  renderErrors: z
    .array(z.object({ at: z.string(), path: z.string(), template: z.string(), message: z.string() }))
    .describe(
      'The storefront pages this theme lately failed to render (newest first, at most 20): a render bound passed or a ' +
        'Liquid error; shoppers got the error page. Fix the file the message names with upsert_theme_file.',
    ),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export type ThemeJson = z.infer<typeof themeSchema>

export async function themeJson(db: AnyDb, theme: ThemeRow): Promise<ThemeJson> {
  const [files, config, renderErrors] = await Promise.all([
    themeFiles(db, theme.store_id, theme.id, { limit: 250 }),
    themeConfig(db, theme.store_id, theme.id),
    themeRenderErrors(db, theme.store_id, theme.id),
  ])
  return {
    id: theme.id,
    name: theme.name,
    role: theme.role,
    source: theme.source,
    sourceThemeId: theme.source_theme_id,
    files: files.nodes.map((f) => ({ path: f.path, size: f.size, checksum: f.checksum })),
    settings: config.settings,
    renderErrors: renderErrors.map((e) => ({ ...e, at: isoString(e.at) })),
    createdAt: isoString(theme.created_at),
    updatedAt: isoString(theme.updated_at),
  }
}

export const themeView: ResourceView = {
  resource: THEME_CATEGORY,
  readTool: 'get_theme',
  schema: themeSchema,
  async read(session, id) {
    const db = session.platform.database.db
    const theme = await themeById(db, requireStore(session).id, id)
    return theme ? themeJson(db, theme) : null
  },
}
