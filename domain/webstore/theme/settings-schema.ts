import { z } from 'zod'
import { inputSettings, settingList, type SettingDefinition } from './setting-definitions.js'

/**
 * `config/settings_schema.json`: the theme's global settings in groups, as the theme editor
 * shows them. The first group is usually `theme_info` (name, version, author), which holds no settings.
 */
const group = z.looseObject({
  name: z.string({ error: 'each group of settings_schema.json needs a name' }),
  settings: settingList.optional(),
})

export const settingsSchemaShape = z.array(group, {
  error: 'settings_schema.json must be a list of groups [{name, settings}]',
})

export type SettingsSchema = z.output<typeof settingsSchemaShape>

/** Validates parsed settings_schema.json; setting ids must be unique across groups. */
export function parseSettingsSchema(
  value: unknown,
): { ok: true; schema: SettingsSchema } | { ok: false; message: string } {
  const parsed = settingsSchemaShape.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return {
      ok: false,
      message: `invalid settings_schema.json${issue.path.length ? ` at ${issue.path.join('.')}` : ''}: ${issue.message}`,
    }
  }
  const seen = new Set<string>()
  for (const setting of themeSettingDefinitions(parsed.data)) {
    if (seen.has(setting.id))
      return {
        ok: false,
        message: `invalid settings_schema.json: setting id '${setting.id}' is declared in two groups`,
      }
    seen.add(setting.id)
  }
  return { ok: true, schema: parsed.data }
}

/** Every input setting of every group. */
export function themeSettingDefinitions(schema: SettingsSchema): SettingDefinition[] {
  return schema.flatMap((g) => inputSettings(g.settings ?? []))
}
