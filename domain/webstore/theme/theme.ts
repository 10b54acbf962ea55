import type { ThemeEvent } from './events.js'
import type { ThemeFile } from './files.js'

/**
 * A theme stream is empty, holds the files of a theme being created (`ThemeFilesAdded` before its
 * `ThemeCreated`; `batches` counts those events, `ThemeImportAbandoned` empties it again), holds a
 * live theme, or ends in a deletion (ids are never reused).
 * The role is not part of the state: another theme's publish demotes the main one without
 * writing its stream, so commands that depend on roles carry the store's roles (see `ThemeRoles`).
 */
export type ThemeState =
  | { kind: 'empty' }
  | { kind: 'staging'; files: Readonly<Record<string, ThemeFile>>; batches: number }
  | { kind: 'existing'; theme: LiveTheme }
  | { kind: 'deleted'; themeId: string }

export type LiveTheme = { themeId: string; name: string; files: Readonly<Record<string, ThemeFile>> }

/** Which themes of the store hold the main and draft roles, read from their reservations by `prepare`. */
export type ThemeRoles = { main: string | null; draft: string | null }

export const initialThemeState = (): ThemeState => ({ kind: 'empty' })

export function evolveTheme(state: ThemeState, event: ThemeEvent): ThemeState {
  const staged = state.kind === 'staging' ? state.files : {}
  const withFiles = (files: readonly ThemeFile[]) => ({
    ...staged,
    ...Object.fromEntries(files.map((f) => [f.path, f])),
  })
  if (event.type === 'ThemeFilesAdded')
    return state.kind === 'empty' || state.kind === 'staging'
      ? {
          kind: 'staging',
          files: withFiles(event.data.files),
          batches: (state.kind === 'staging' ? state.batches : 0) + 1,
        }
      : state
  if (event.type === 'ThemeImportAbandoned') return state.kind === 'staging' ? initialThemeState() : state
  if (event.type === 'ThemeCreated') {
    const { themeId, name, files } = event.data
    return { kind: 'existing', theme: { themeId, name, files: withFiles(files) } }
  }
  if (state.kind !== 'existing') return state
  const theme = state.theme
  switch (event.type) {
    case 'ThemeRenamed':
      return { kind: 'existing', theme: { ...theme, name: event.data.name } }
    case 'ThemeFileCreated':
    case 'ThemeFileChanged': {
      const { path, content, checksum, size } = event.data
      return {
        kind: 'existing',
        theme: { ...theme, files: { ...theme.files, [path]: { path, content, checksum, size } } },
      }
    }
    case 'ThemeFileDeleted': {
      const files = { ...theme.files }
      delete files[event.data.path]
      return { kind: 'existing', theme: { ...theme, files } }
    }
    // Settings, section and block events carry the file they rewrote.
    case 'ThemeSettingsChanged':
    case 'ThemeSectionAdded':
    case 'ThemeSectionSettingsChanged':
    case 'ThemeSectionDisabled':
    case 'ThemeSectionEnabled':
    case 'ThemeSectionRemoved':
    case 'ThemeSectionsReordered':
    case 'ThemeBlockAdded':
    case 'ThemeBlockSettingsChanged':
    case 'ThemeBlockDisabled':
    case 'ThemeBlockEnabled':
    case 'ThemeBlockRemoved':
    case 'ThemeBlocksReordered':
      return {
        kind: 'existing',
        theme: { ...theme, files: { ...theme.files, [event.data.file.path]: event.data.file } },
      }
    case 'ThemePublished':
      return state
    case 'ThemeDeleted':
      return { kind: 'deleted', themeId: theme.themeId }
    case 'ThemePreviewLinkCreated':
      return state
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}

/** The role a theme holds in its store. */
export function roleOf(themeId: string, roles: ThemeRoles): 'MAIN' | 'DRAFT' | 'UNPUBLISHED' {
  if (roles.main === themeId) return 'MAIN'
  if (roles.draft === themeId) return 'DRAFT'
  return 'UNPUBLISHED'
}
