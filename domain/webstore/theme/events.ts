import type { DomainEvent } from '../../shared/event.js'
import type { ThemeFile } from './files.js'
import { THEME_SECTION_EVENTS, type ThemeSectionEvent } from './sections-events.js'

export const THEME_ROLES = ['MAIN', 'DRAFT', 'UNPUBLISHED'] as const
/** MAIN: what shoppers see; DRAFT: the one being prepared to go live (at most one); UNPUBLISHED: kept, not shown. */
export type ThemeRole = (typeof THEME_ROLES)[number]

export const THEME_SOURCES = ['DEFAULT', 'ZIP', 'THEME'] as const
/** Where a theme's files came from: the platform's default theme, an uploaded zip, or another theme (a duplicate). */
export type ThemeSource = (typeof THEME_SOURCES)[number]

/**
 * The theme exists from here on, with the files it carries and those of the `ThemeFilesAdded`
 * events before it in its stream (limits in files.ts). A small theme (the default one) is this
 * one event; a large one's files are cut into events of at most 512 KiB (file-batches.ts), the
 * last batch here. Events recorded before the split carry every file here.
 */
export type ThemeCreated = DomainEvent<
  'ThemeCreated',
  {
    themeId: string
    name: string
    role: ThemeRole
    source: ThemeSource
    sourceThemeId: string | null
    files: ThemeFile[]
  }
>
/**
 * Files of a theme being created, appended before its `ThemeCreated`: until that event the theme
 * does not exist (no command finds it, the storefront and the API do not show it), so a creation
 * cut short leaves no half theme, and running it again stages the files again.
 */
export type ThemeFilesAdded = DomainEvent<'ThemeFilesAdded', { themeId: string; files: ThemeFile[] }>
/**
 * Why a creation's staged files were given up: one of its later appends failed (the command path
 * appends this at once), or its files sat without `ThemeCreated` past the bound (a process that
 * died between appends; the sweep of `theme-import.ts` appends this).
 */
export type ThemeImportAbandonReason = 'APPEND_FAILED' | 'TIMED_OUT'
/**
 * The files staged by `ThemeFilesAdded` before it belong to no theme: readers drop them, and the
 * stream is empty again (a creation of the same id, the default theme's, starts afresh).
 */
export type ThemeImportAbandoned = DomainEvent<
  'ThemeImportAbandoned',
  { themeId: string; reason: ThemeImportAbandonReason }
>
export type ThemeRenamed = DomainEvent<'ThemeRenamed', { themeId: string; name: string }>
export type ThemeFileCreated = DomainEvent<'ThemeFileCreated', { themeId: string } & ThemeFile>
export type ThemeFileChanged = DomainEvent<'ThemeFileChanged', { themeId: string } & ThemeFile>
export type ThemeFileDeleted = DomainEvent<'ThemeFileDeleted', { themeId: string; path: string }>
/**
 * `settings` is the whole new `current` object of config/settings_data.json, `changed` the ids
 * whose value changed, and `file` the rewritten settings_data.json, so readers need no history.
 */
export type ThemeSettingsChanged = DomainEvent<
  'ThemeSettingsChanged',
  { themeId: string; settings: Record<string, unknown>; changed: string[]; file: ThemeFile }
>
/**
 * The theme became the store's main theme. `previousMainThemeId` is the theme that was main
 * until now: it becomes UNPUBLISHED and is kept. Its own stream is not written; the role
 * reservation moved in the same write is what makes the change atomic.
 */
export type ThemePublished = DomainEvent<
  'ThemePublished',
  { themeId: string; previousRole: ThemeRole; previousMainThemeId: string | null }
>
/** Carries the role the theme had, so the draft reservation it may hold is released. Never MAIN. */
export type ThemeDeleted = DomainEvent<'ThemeDeleted', { themeId: string; role: ThemeRole }>

/**
 * A signed link that shows this theme on the storefront to whoever holds it, until `expiresAt`
 * (app/webstore/theme/preview-link.ts). The link itself is not recorded: it is derived from these
 * facts and the platform key, so the log stays free of anything that opens a door.
 */
export type ThemePreviewLinkCreated = DomainEvent<'ThemePreviewLinkCreated', { themeId: string; expiresAt: string }>

export type ThemeEvent =
  | ThemeFilesAdded
  | ThemeImportAbandoned
  | ThemeCreated
  | ThemeRenamed
  | ThemeFileCreated
  | ThemeFileChanged
  | ThemeFileDeleted
  | ThemeSettingsChanged
  | ThemePublished
  | ThemeDeleted
  | ThemePreviewLinkCreated
  | ThemeSectionEvent

export type ThemeEventType = ThemeEvent['type']

const EVENT_TYPES: Record<ThemeEventType, true> = {
  ThemeFilesAdded: true,
  ThemeImportAbandoned: true,
  ThemeCreated: true,
  ThemeRenamed: true,
  ThemeFileCreated: true,
  ThemeFileChanged: true,
  ThemeFileDeleted: true,
  ThemeSettingsChanged: true,
  ThemePublished: true,
  ThemeDeleted: true,
  ThemePreviewLinkCreated: true,
  ...THEME_SECTION_EVENTS,
}

/** Every theme event type, for the projection's subscription. */
export const THEME_EVENT_TYPES: readonly ThemeEventType[] = Object.keys(EVENT_TYPES) as ThemeEventType[]
