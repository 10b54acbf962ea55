import { z } from 'zod'
import { entityId, jsonObject, requiredText } from '../../shared/input-types.js'
import type { ThemeRole, ThemeSource } from './events.js'
import { binaryAssetType, isThemeFilePath, themeFilePath, type ThemeFile } from './files.js'
import type { ThemeRoles } from './theme.js'
import { strictInput } from '../../shared/strict-input.js'

export const THEME_NAME_MAX_LENGTH = 100
/** A base64 zip of at most 10 MB (about 13.4 million base64 characters). */
export const ZIP_MAX_BYTES = 10 * 1024 * 1024

const themeId = (field = 'id') => entityId('theme', field).describe('The theme id returned by create_theme (a UUID).')

const name = requiredText('name', THEME_NAME_MAX_LENGTH).describe(
  'The name merchants see in the theme list, e.g. "Summer 2026".',
)

const createRole = z
  .enum(['DRAFT', 'UNPUBLISHED'], { error: 'role must be DRAFT or UNPUBLISHED (themes go live with themePublish)' })
  .describe(
    'DRAFT (the one theme being prepared to go live) or UNPUBLISHED. Default: DRAFT when the store has no draft, else UNPUBLISHED.',
  )

export const themeCreateInput = strictInput('themeCreate', {
  name,
  source: z
    .enum(['DEFAULT', 'ZIP'], {
      error:
        'source must be DEFAULT (the platform theme) or ZIP (an uploaded theme in zip); to copy a theme use themeDuplicate',
    })
    .nullish()
    .describe('DEFAULT (the default): a copy of the platform theme; ZIP: the theme in zip.'),
  zip: z
    .base64({ error: 'zip must be the zip file encoded as base64' })
    .max(Math.ceil(ZIP_MAX_BYTES / 3) * 4, `zip must be at most ${ZIP_MAX_BYTES / 1024 / 1024} MB`)
    .nullish()
    .describe(
      'With source ZIP: the theme zip, base64-encoded (layout/, templates/, sections/, blocks/, … at its root or in one folder). The request body limit keeps this to small themes; larger ones use stagedUploadId.',
    ),
  stagedUploadId: z
    .uuid({ error: 'stagedUploadId must be the id mediaStagedUploadCreate returned (a UUID)' })
    .nullish()
    .describe(
      'With source ZIP, instead of zip: a theme zip of up to 10 MB PUT to the url mediaStagedUploadCreate returned (mimeType application/zip). It is dropped once the theme is created.',
    ),
  role: createRole.nullish(),
})

export const themeDuplicateInput = strictInput('themeDuplicate', {
  id: themeId(),
  name: name.nullish().describe('The copy\'s name; default "Copy of <name>".'),
  role: createRole.nullish(),
})
export const themeRenameInput = strictInput('themeRename', { id: themeId(), name })
export const themeFileUpsertInput = strictInput('themeFileUpsert', {
  themeId: themeId('themeId'),
  path: themeFilePath,
  content: z
    .string({ error: (issue) => (issue.input === undefined ? 'content is required' : 'content must be a string') })
    .describe('The whole new content of the file (UTF-8 text).'),
})
export const themeFileDeleteInput = strictInput('themeFileDelete', {
  themeId: themeId('themeId'),
  path: z
    .string({ error: (issue) => (issue.input === undefined ? 'path is required' : 'path must be a string') })
    .trim()
    .refine((path) => isThemeFilePath(path) || binaryAssetType(path) !== null, {
      message: 'path must name a file of the theme, e.g. snippets/card.liquid or assets/logo.png',
    }),
})
export const themeSettingsUpdateInput = strictInput('themeSettingsUpdate', {
  id: themeId(),
  settings: jsonObject('settings must be an object of setting id → value').describe(
    'Setting id → new value, checked against config/settings_schema.json; null resets a setting to its default. Ids left out stay.',
  ),
})
export const themePublishInput = strictInput('themePublish', { id: themeId() })
export const themeDeleteInput = strictInput('themeDelete', { id: themeId() })
/** A preview link lives 24 hours unless asked otherwise, and never longer than a week. */
export const PREVIEW_LINK_DEFAULT_SECONDS = 24 * 60 * 60
export const PREVIEW_LINK_MAX_SECONDS = 7 * 24 * 60 * 60

/** When a link made at `now` stops working: whole seconds, as the signed link carries its expiry. */
export function previewLinkExpiry(now: Date, expiresInSeconds: number | null | undefined): Date {
  return new Date((Math.floor(now.getTime() / 1000) + (expiresInSeconds ?? PREVIEW_LINK_DEFAULT_SECONDS)) * 1000)
}

export const themePreviewLinkCreateInput = strictInput('themePreviewLinkCreate', {
  themeId: themeId('themeId'),
  expiresInSeconds: z
    .number({ error: 'expiresInSeconds must be a whole number of seconds' })
    .int('expiresInSeconds must be a whole number of seconds')
    .min(60, 'expiresInSeconds must be at least 60')
    .max(PREVIEW_LINK_MAX_SECONDS, `expiresInSeconds must be at most ${PREVIEW_LINK_MAX_SECONDS} (7 days)`)
    .nullish()
    .describe(
      `How long the link works, in seconds: 60 to ${PREVIEW_LINK_MAX_SECONDS} (7 days); default 86400 (24 hours).`,
    ),
})
export const themeInstallDefaultInput = strictInput('themeInstallDefault', {})
export const themeImportAbandonInput = strictInput('themeImportAbandon', { id: themeId() })

export type ThemeCreateInput = z.output<typeof themeCreateInput>
export type ThemeDuplicateInput = z.output<typeof themeDuplicateInput>

/**
 * Every file resolved by `prepare` (the default theme, a zip's contents, or another theme's
 * files). `role` is what was asked for (MAIN only when installing the default theme);
 * `ifMissing` makes an existing stream mean "already done" instead of a CONFLICT.
 */
export type ThemeCreate = {
  type: 'ThemeCreate'
  data: {
    themeId: string
    name: string
    source: ThemeSource
    sourceThemeId: string | null
    files: ThemeFile[]
    role: ThemeRole | null
  }
  roles: ThemeRoles
  ifMissing?: boolean
  /** Where a bad file is reported: ['input', 'zip'] for uploads. */
  filesField?: readonly (string | number)[]
}
export type ThemeRename = { type: 'ThemeRename'; data: { themeId: string; name: string } }
export type ThemeFileUpsert = { type: 'ThemeFileUpsert'; data: { themeId: string; path: string; content: string } }
export type ThemeFileDelete = { type: 'ThemeFileDelete'; data: { themeId: string; path: string } }
export type ThemeSettingsUpdate = {
  type: 'ThemeSettingsUpdate'
  data: { themeId: string; settings: Record<string, unknown> }
}
export type ThemePublish = { type: 'ThemePublish'; data: { themeId: string }; roles: ThemeRoles }
export type ThemeDelete = { type: 'ThemeDelete'; data: { themeId: string }; roles: ThemeRoles }

export type ThemePreviewLinkCreate = {
  type: 'ThemePreviewLinkCreate'
  data: { themeId: string; expiresAt: string }
}

/**
 * Gives up a creation cut short by a crash. `staged` is what `prepare` read of the stream: the
 * `ThemeFilesAdded` since it was last empty and when the last was recorded, so a creation that
 * staged one more batch since is left alone.
 */
export type ThemeImportAbandon = {
  type: 'ThemeImportAbandon'
  data: { themeId: string }
  staged: { batches: number; lastAt: string | null }
}

export type ThemeCommand =
  | ThemeCreate
  | ThemeImportAbandon
  | ThemeRename
  | ThemeFileUpsert
  | ThemeFileDelete
  | ThemeSettingsUpdate
  | ThemePublish
  | ThemeDelete
  | ThemePreviewLinkCreate
