import { z } from 'zod'
import type { ThemeFileRow, ThemeRow } from '../../../projections/webstore/theme/tables.js'
import { isoString } from '../../shared/connection.js'
import type { ThemeRenderError } from '../../storefront/render-errors.js'

/** A theme as GraphQL's `Theme` and the MCP tools serve it: its own fields, times as ISO-8601 strings. */
export const themeViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z
    .enum(['MAIN', 'DRAFT', 'UNPUBLISHED'])
    .describe('MAIN: what shoppers see; DRAFT: being prepared (at most one); UNPUBLISHED: kept.'),
  source: z.enum(['DEFAULT', 'ZIP', 'THEME']),
  sourceThemeId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export type ThemeView = z.infer<typeof themeViewSchema> & {
  /** Its store: where its files and settings are read (the viewer lists the main theme of every reachable store). */
  storeId: string
}

/** Field by field, so a column the read model gains reaches no client until the view says so. */
export function toThemeView(theme: ThemeRow): ThemeView {
  return {
    id: theme.id,
    name: theme.name,
    role: theme.role,
    source: theme.source,
    sourceThemeId: theme.source_theme_id,
    createdAt: isoString(theme.created_at),
    updatedAt: isoString(theme.updated_at),
    storeId: theme.store_id,
  }
}

/** A file of a theme as GraphQL's `ThemeFile` serves it. */
export interface ThemeFileView {
  path: string
  /** The text; empty for a binary asset. */
  content: string
  checksum: string
  /** A binary asset's type; null for text files. */
  contentType: string | null
  /** Where a binary asset's bytes are served; null for text files. */
  url: string | null
  size: number
  updatedAt: string
}

export function toThemeFileView(file: ThemeFileRow): ThemeFileView {
  return {
    path: file.path,
    content: file.content,
    checksum: file.checksum,
    contentType: file.content_type,
    url: file.content_type ? `/storage/${file.store_id}/theme-assets/${file.checksum}` : null,
    size: file.size,
    updatedAt: isoString(file.updated_at),
  }
}

/**
 * A theme as the MCP tools answer it: the view with its file list (without contents, the first
 * 250 by path) and the global settings in effect, which GraphQL resolves per field.
 */
/** A failed storefront render as the merchant sees it on the theme. */
export const themeRenderErrorViewSchema = z.object({
  at: z.string(),
  path: z.string(),
  template: z.string(),
  message: z.string(),
})

export type ThemeRenderErrorView = z.infer<typeof themeRenderErrorViewSchema>

export const toThemeRenderErrorView = (error: ThemeRenderError): ThemeRenderErrorView => ({
  at: isoString(error.at),
  path: error.path,
  template: error.template,
  message: error.message,
})

export const themeDetailViewSchema = themeViewSchema.extend({
  files: z
    .array(z.object({ path: z.string(), size: z.number().int(), checksum: z.string() }))
    .describe('Every file; get_theme_file returns a content.'),
  settings: z
    .record(z.string(), z.unknown())
    .describe('Global settings in effect (defaults from config/settings_schema.json overlaid with the chosen values).'),
  renderErrors: z
    .array(themeRenderErrorViewSchema)
    .describe(
      'The storefront pages this theme lately failed to render (newest first, at most 20): a render bound passed or a ' +
        'Liquid error; shoppers got the error page. Fix the file the message names with upsert_theme_file.',
    ),
})

export type ThemeDetailView = z.infer<typeof themeDetailViewSchema>

/** The detail of a theme: its view without the store (the caller's), its files' paths, sizes and checksums, its settings. */
export function toThemeDetailView(
  { storeId: _store, ...theme }: ThemeView,
  files: readonly Pick<ThemeFileView, 'path' | 'size' | 'checksum'>[],
  settings: Record<string, unknown>,
  renderErrors: readonly ThemeRenderErrorView[],
): ThemeDetailView {
  return {
    ...theme,
    files: files.map(({ path, size, checksum }) => ({ path, size, checksum })),
    settings,
    renderErrors: [...renderErrors],
  }
}

/** A file's content as get_theme_file answers it. */
export const themeFileContentViewSchema = z.object({
  path: z.string(),
  content: z.string(),
  checksum: z.string(),
  size: z.number().int(),
})

export type ThemeFileContentView = z.infer<typeof themeFileContentViewSchema>

export const toThemeFileContentView = ({ path, content, checksum, size }: ThemeFileView): ThemeFileContentView => ({
  path,
  content,
  checksum,
  size,
})
