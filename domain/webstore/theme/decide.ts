import { badInput, conflict, DomainError, notFound } from '../../shared/errors.js'
import type { DecideContext } from '../../shared/context.js'
import type {
  ThemeCommand,
  ThemeCreate,
  ThemeImportAbandon,
  ThemeDelete,
  ThemeFileDelete,
  ThemePreviewLinkCreate,
  ThemeFileUpsert,
  ThemePublish,
  ThemeRename,
  ThemeSettingsUpdate,
} from './commands.js'
import type { ThemeEvent, ThemeRole } from './events.js'
import {
  binaryAssetType,
  byteLength,
  isThemeFilePath,
  REQUIRED_FILES,
  SETTINGS_DATA_PATH,
  THEME_MAX_BINARY_BYTES,
  THEME_MAX_BYTES,
  THEME_MAX_FILES,
  themeBytes,
  themeFile,
  validateThemeFile,
} from './files.js'
import { fileBatches, THEME_IMPORT_STALE_MS } from './file-batches.js'
import { parseThemeJson } from './json-source.js'
import { missingThemeBlock } from './section-schema.js'
import { applySettings } from './settings.js'
import { currentOf } from './settings-data.js'
import { roleOf, type LiveTheme, type ThemeState } from './theme.js'

/** Pure: the answer depends on the command (with the store's roles it carries) and the theme's history. */
export function decideTheme(command: ThemeCommand, state: ThemeState, ctx: DecideContext): ThemeEvent[] {
  switch (command.type) {
    case 'ThemeCreate':
      return create(command, state)
    case 'ThemeImportAbandon':
      return abandonStale(command, state, ctx.now)
    case 'ThemeRename':
      return rename(command, state)
    case 'ThemeFileUpsert':
      return upsertFile(command, state)
    case 'ThemeFileDelete':
      return deleteFile(command, state)
    case 'ThemeSettingsUpdate':
      return updateSettings(command, state)
    case 'ThemePublish':
      return publish(command, state)
    case 'ThemeDelete':
      return remove(command, state)
    case 'ThemePreviewLinkCreate':
      return previewLink(command, state)
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

function create(command: ThemeCreate, state: ThemeState): ThemeEvent[] {
  const { themeId, files } = command.data
  // A creation cut short (its files staged, no ThemeCreated) is run again from the start.
  if (state.kind !== 'empty' && state.kind !== 'staging') {
    // Installing the default theme again (a replayed StoreCreated) finds it there: done.
    if (command.ifMissing) return []
    throw conflict(`theme '${themeId}' already exists; use themeFileUpsert or themeRename to change it`)
  }
  const field = command.filesField ?? ['input', 'files']
  if (files.length > THEME_MAX_FILES)
    throw badInput(field, `a theme may have at most ${THEME_MAX_FILES} files; this one has ${files.length}`)
  const bytes = themeBytes(files)
  if (bytes.text > THEME_MAX_BYTES)
    throw badInput(
      field,
      `a theme may hold at most ${THEME_MAX_BYTES} bytes of text files; this one holds ${bytes.text}`,
    )
  if (bytes.binary > THEME_MAX_BINARY_BYTES)
    throw badInput(
      field,
      `a theme may hold at most ${THEME_MAX_BINARY_BYTES} bytes of images and fonts; this one holds ${bytes.binary}`,
    )
  for (const file of files) {
    if (file.contentType !== undefined && binaryAssetType(file.path) === file.contentType) continue
    if (!isThemeFilePath(file.path))
      throw badInput(
        field,
        `${file.path} is not a theme file: themes hold layout/, templates/, sections/, blocks/, snippets/, assets/, locales/ and config/ files`,
      )
    validateThemeFile(file.path, file.content, field)
  }
  const dangling = missingThemeBlock(files)
  if (dangling)
    throw badInput(
      field,
      `${dangling.path} names the theme block '${dangling.type}', but the theme has no blocks/${dangling.type}.liquid; add the file or drop the entry`,
    )
  const missing = REQUIRED_FILES.filter((path) => !files.some((f) => f.path === path))
  if (missing.length) throw badInput(field, `a theme needs ${missing.join(', ')}; add them and try again`)
  const batches = fileBatches(files)
  const last = batches.pop()!
  return [
    ...batches.map((batch): ThemeEvent => ({ type: 'ThemeFilesAdded', data: { themeId, files: batch } })),
    { type: 'ThemeCreated', data: { ...command.data, role: createdRole(command), files: last } },
  ]
}

/**
 * A creation whose last staged files are older than the bound, with nothing staged since `prepare`
 * read the stream, is abandoned; anything else (created meanwhile, still appending, never staged) is left.
 */
function abandonStale(command: ThemeImportAbandon, state: ThemeState, now: Date): ThemeEvent[] {
  const { batches, lastAt } = command.staged
  if (state.kind !== 'staging' || state.batches !== batches || lastAt === null) return []
  if (now.getTime() - Date.parse(lastAt) < THEME_IMPORT_STALE_MS) return []
  return [{ type: 'ThemeImportAbandoned', data: { themeId: command.data.themeId, reason: 'TIMED_OUT' } }]
}

/**
 * What closes a creation whose later append failed after `appended` were recorded: its staged
 * files are abandoned at once rather than left for the sweep.
 */
export function abandonCutShort(appended: readonly ThemeEvent[]): ThemeEvent[] {
  const staged = appended.find((event) => event.type === 'ThemeFilesAdded')
  return staged
    ? [{ type: 'ThemeImportAbandoned', data: { themeId: staged.data.themeId, reason: 'APPEND_FAILED' } }]
    : []
}

/** MAIN only for the default theme of a store without one; DRAFT unless the store has a draft; else UNPUBLISHED. */
function createdRole(command: ThemeCreate): ThemeRole {
  const { role } = command.data
  const { roles } = command
  if (role === 'MAIN') return roles.main === null ? 'MAIN' : roles.draft === null ? 'DRAFT' : 'UNPUBLISHED'
  if (role === 'DRAFT' && roles.draft !== null) {
    throw conflict(
      `the store already has a draft theme ('${roles.draft}'); publish or delete it first, or create this theme as UNPUBLISHED`,
      ['input', 'role'],
    )
  }
  return role ?? (roles.draft === null ? 'DRAFT' : 'UNPUBLISHED')
}

function rename(command: ThemeRename, state: ThemeState): ThemeEvent[] {
  const theme = live(state, command.data.themeId)
  if (theme.name === command.data.name) return []
  return [{ type: 'ThemeRenamed', data: { themeId: theme.themeId, name: command.data.name } }]
}

function upsertFile(command: ThemeFileUpsert, state: ThemeState): ThemeEvent[] {
  const theme = live(state, command.data.themeId)
  const { path, content } = command.data
  validateThemeFile(path, content)
  const existing = theme.files[path]
  const file = themeFile(path, content)
  if (existing?.checksum === file.checksum) return []
  if (!existing && Object.keys(theme.files).length >= THEME_MAX_FILES) {
    throw badInput(
      ['input', 'path'],
      `the theme has ${THEME_MAX_FILES} files, the most it may have; delete one before adding ${path}`,
    )
  }
  const total = themeBytes(Object.values(theme.files)).text - (existing?.size ?? 0) + byteLength(content)
  if (total > THEME_MAX_BYTES)
    throw badInput(
      ['input', 'content'],
      `the theme would hold ${total} bytes of text files; at most ${THEME_MAX_BYTES} are allowed`,
    )
  if (path === SETTINGS_DATA_PATH) {
    // Values written straight into settings_data.json are checked like themeSettingsUpdate's.
    const current = currentOf(parseThemeJson(content))
    try {
      applySettings({ ...theme, files: { ...theme.files, [path]: file } }, current)
    } catch (error) {
      if (error instanceof DomainError) throw badInput(['input', 'content'], `${SETTINGS_DATA_PATH}: ${error.message}`)
      throw error
    }
  }
  const data = { themeId: theme.themeId, ...file }
  return [existing ? { type: 'ThemeFileChanged', data } : { type: 'ThemeFileCreated', data }]
}

function deleteFile(command: ThemeFileDelete, state: ThemeState): ThemeEvent[] {
  const theme = live(state, command.data.themeId)
  const { path } = command.data
  if ((REQUIRED_FILES as readonly string[]).includes(path)) {
    throw badInput(
      ['input', 'path'],
      `${path} is required by every theme and cannot be deleted; change its content with themeFileUpsert instead`,
    )
  }
  if (!theme.files[path])
    throw new DomainError('NOT_FOUND', `theme '${theme.themeId}' has no file '${path}'`, { field: ['input', 'path'] })
  return [{ type: 'ThemeFileDeleted', data: { themeId: theme.themeId, path } }]
}

function updateSettings(command: ThemeSettingsUpdate, state: ThemeState): ThemeEvent[] {
  const theme = live(state, command.data.themeId)
  const { settings, changed, file } = applySettings(theme, command.data.settings)
  if (changed.length === 0) return []
  return [{ type: 'ThemeSettingsChanged', data: { themeId: theme.themeId, settings, changed, file } }]
}

/** Draft or unpublished → main; the old main becomes unpublished. Publishing the main theme changes nothing. */
function publish(command: ThemePublish, state: ThemeState): ThemeEvent[] {
  const theme = live(state, command.data.themeId)
  const previousRole = roleOf(theme.themeId, command.roles)
  if (previousRole === 'MAIN') return []
  return [
    { type: 'ThemePublished', data: { themeId: theme.themeId, previousRole, previousMainThemeId: command.roles.main } },
  ]
}

function remove(command: ThemeDelete, state: ThemeState): ThemeEvent[] {
  const theme = live(state, command.data.themeId)
  const role = roleOf(theme.themeId, command.roles)
  if (role === 'MAIN') {
    throw badInput(
      ['input', 'id'],
      `theme '${theme.themeId}' is the store's main theme and cannot be deleted; publish another theme first`,
    )
  }
  return [{ type: 'ThemeDeleted', data: { themeId: theme.themeId, role } }]
}

/** Another store's theme lives in a stream named after that store: here it looks like one that never existed. */
function live(state: ThemeState, themeId: string): LiveTheme {
  if (state.kind !== 'existing') throw notFound('theme', themeId)
  return state.theme
}

/** Any theme that exists may be previewed, the main one included (a reviewer sees it with the store in maintenance). */
function previewLink(command: ThemePreviewLinkCreate, state: ThemeState): ThemeEvent[] {
  const { themeId, expiresAt } = command.data
  live(state, themeId)
  return [{ type: 'ThemePreviewLinkCreated', data: { themeId, expiresAt } }]
}
