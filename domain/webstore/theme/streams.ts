import { streamName } from '../../shared/streams.js'

export const THEME_CATEGORY = 'theme'

/** `theme-<storeId>_<themeId>`: one stream per theme, holding its files, settings and role changes. */
export function themeStream(storeId: string, themeId: string): string {
  return streamName(THEME_CATEGORY, storeId, themeId)
}

/**
 * The role rule (one main, at most one draft per store) spans every theme of a store, so it is
 * kept by two reservations under the store id: `uniq-<storeId>_theme-main` and
 * `uniq-<storeId>_theme-draft`, each held by the theme in that role. Publishing moves the main
 * reservation in the same atomic write as the `ThemePublished` event; two publishes racing
 * read the same revision of it, and only one append goes through.
 */
export const THEME_MAIN_KEY = 'theme-main'
export const THEME_DRAFT_KEY = 'theme-draft'
