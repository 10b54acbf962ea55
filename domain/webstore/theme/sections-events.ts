import type { DomainEvent } from '../../shared/event.js'
import type { ThemeFile } from './files.js'

/**
 * Where a section event happened: the theme, the template name ('index', 'group:header') and
 * `file`, the template's JSON file as rewritten by the change, so the theme's files (state, read
 * model, duplicates) follow without replaying the template's history.
 */
type OnTemplate = { themeId: string; template: string; file: ThemeFile }

/**
 * A section instance was inserted at `position` of the template's order with these stored
 * settings (defaults apply to the rest); from `preset`, it also got the preset's blocks (in `file`).
 */
export type ThemeSectionAdded = DomainEvent<
  'ThemeSectionAdded',
  OnTemplate & {
    sectionId: string
    type: string
    settings: Record<string, unknown>
    position: number
    preset: string | null
  }
>
/** `settings` is the section's whole new stored settings, `changed` the ids whose value changed (a removed id went back to its default). */
export type ThemeSectionSettingsChanged = DomainEvent<
  'ThemeSectionSettingsChanged',
  OnTemplate & { sectionId: string; settings: Record<string, unknown>; changed: string[] }
>
/** The section is kept in the template but no longer rendered (`"disabled": true`). */
export type ThemeSectionDisabled = DomainEvent<'ThemeSectionDisabled', OnTemplate & { sectionId: string }>
export type ThemeSectionEnabled = DomainEvent<'ThemeSectionEnabled', OnTemplate & { sectionId: string }>
export type ThemeSectionRemoved = DomainEvent<'ThemeSectionRemoved', OnTemplate & { sectionId: string; type: string }>
/** `order` is the template's whole new section order. */
export type ThemeSectionsReordered = DomainEvent<'ThemeSectionsReordered', OnTemplate & { order: string[] }>
export type ThemeBlockAdded = DomainEvent<
  'ThemeBlockAdded',
  OnTemplate & { sectionId: string; blockId: string; type: string; settings: Record<string, unknown>; position: number }
>
export type ThemeBlockSettingsChanged = DomainEvent<
  'ThemeBlockSettingsChanged',
  OnTemplate & { sectionId: string; blockId: string; settings: Record<string, unknown>; changed: string[] }
>
/** The block is kept in its section but no longer rendered. */
export type ThemeBlockDisabled = DomainEvent<'ThemeBlockDisabled', OnTemplate & { sectionId: string; blockId: string }>
export type ThemeBlockEnabled = DomainEvent<'ThemeBlockEnabled', OnTemplate & { sectionId: string; blockId: string }>
export type ThemeBlockRemoved = DomainEvent<
  'ThemeBlockRemoved',
  OnTemplate & { sectionId: string; blockId: string; type: string }
>
/** `blockOrder` is the section's whole new block order. */
export type ThemeBlocksReordered = DomainEvent<
  'ThemeBlocksReordered',
  OnTemplate & { sectionId: string; blockOrder: string[] }
>

export type ThemeSectionEvent =
  | ThemeSectionAdded
  | ThemeSectionSettingsChanged
  | ThemeSectionDisabled
  | ThemeSectionEnabled
  | ThemeSectionRemoved
  | ThemeSectionsReordered
  | ThemeBlockAdded
  | ThemeBlockSettingsChanged
  | ThemeBlockDisabled
  | ThemeBlockEnabled
  | ThemeBlockRemoved
  | ThemeBlocksReordered

/** Every section event type as a record, for the theme's own event type list. */
export const THEME_SECTION_EVENTS: Record<ThemeSectionEvent['type'], true> = {
  ThemeSectionAdded: true,
  ThemeSectionSettingsChanged: true,
  ThemeSectionDisabled: true,
  ThemeSectionEnabled: true,
  ThemeSectionRemoved: true,
  ThemeSectionsReordered: true,
  ThemeBlockAdded: true,
  ThemeBlockSettingsChanged: true,
  ThemeBlockDisabled: true,
  ThemeBlockEnabled: true,
  ThemeBlockRemoved: true,
  ThemeBlocksReordered: true,
}

/** Every section event type; each rewrites one template file of the theme. */
export const THEME_SECTION_EVENT_TYPES: readonly ThemeSectionEvent['type'][] = Object.keys(
  THEME_SECTION_EVENTS,
) as ThemeSectionEvent['type'][]
