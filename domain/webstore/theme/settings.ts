import { badInput } from '../../shared/errors.js'
import { SETTINGS_DATA_PATH, SETTINGS_SCHEMA_PATH, themeFile, type ThemeFile } from './files.js'
import { parseThemeJson } from './json-source.js'
import { currentOf, isRecord, SETTINGS_DATA_RESERVED_KEYS } from './settings-data.js'
import { parseSettingsSchema, themeSettingDefinitions, type SettingsSchema } from './settings-schema.js'
import { settingValueProblem } from './setting-definitions.js'
import type { LiveTheme } from './theme.js'

/** The theme's settings_schema.json, parsed; an empty schema when the file is unreadable (it is validated on write). */
export function themeSettingsSchema(theme: LiveTheme): SettingsSchema {
  const file = theme.files[SETTINGS_SCHEMA_PATH]
  if (!file) return []
  try {
    const parsed = parseSettingsSchema(parseThemeJson(file.content))
    return parsed.ok ? parsed.schema : []
  } catch {
    return []
  }
}

/** settings_data.json as an object; `current` holds the values the merchant chose. */
function settingsData(theme: LiveTheme): Record<string, unknown> {
  const file = theme.files[SETTINGS_DATA_PATH]
  if (!file) return {}
  try {
    const data = parseThemeJson(file.content)
    return isRecord(data) ? data : {}
  } catch {
    return {}
  }
}

/** The values in effect: each setting's default from the schema, overlaid with settings_data.json's `current`. */
export function effectiveSettings(theme: LiveTheme): Record<string, unknown> {
  const defaults: Record<string, unknown> = {}
  for (const setting of themeSettingDefinitions(themeSettingsSchema(theme)))
    if (setting.default !== undefined) defaults[setting.id] = setting.default
  return { ...defaults, ...currentSettings(theme) }
}

/** settings_data.json's `current`, as stored, or the preset it names. */
export function currentSettings(theme: LiveTheme): Record<string, unknown> {
  return currentOf(settingsData(theme))
}

/**
 * Applies a settings change: given ids take the new value, null resets one to its default.
 * Every id must be declared in settings_schema.json and every value fit its type. Answers the
 * new `current`, the ids that changed, and the rewritten settings_data.json.
 */
export function applySettings(
  theme: LiveTheme,
  changes: Record<string, unknown>,
): { settings: Record<string, unknown>; changed: string[]; file: ThemeFile } {
  const definitions = new Map(themeSettingDefinitions(themeSettingsSchema(theme)).map((d) => [d.id, d]))
  const current = currentSettings(theme)
  const next = { ...current }
  const changed: string[] = []
  for (const [id, value] of Object.entries(changes)) {
    if (SETTINGS_DATA_RESERVED_KEYS.includes(id) && JSON.stringify(current[id]) === JSON.stringify(value)) continue
    const definition = definitions.get(id)
    if (!definition) {
      throw badInput(
        ['input', 'settings', id],
        `the theme has no setting '${id}'; settings_schema.json declares ${[...definitions.keys()].join(', ') || 'none'}`,
      )
    }
    if (value === null) {
      if (id in next) {
        delete next[id]
        changed.push(id)
      }
      continue
    }
    const problem = settingValueProblem(definition, value)
    if (problem) throw badInput(['input', 'settings', id], problem)
    if (JSON.stringify(current[id]) !== JSON.stringify(value)) {
      next[id] = value
      changed.push(id)
    }
  }
  const content = `${JSON.stringify({ ...settingsData(theme), current: next }, null, 2)}\n`
  return { settings: next, changed, file: themeFile(SETTINGS_DATA_PATH, content) }
}
