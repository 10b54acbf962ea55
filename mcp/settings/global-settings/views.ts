import { z } from 'zod'
import { SETTINGS_GROUPS, type SettingsGroup } from '../../../domain/settings/global-settings/groups.js'
import { SETTINGS_CATEGORY } from '../../../domain/settings/global-settings/streams.js'
import { readGlobalSettings, type GroupSettings } from '../../../projections/settings/global-settings/queries.js'
import type { ResourceView } from '../../shared/view.js'

/** One settings group: its values, schema version and last change. */
export const groupSchema = z.object({
  group: z.enum(SETTINGS_GROUPS),
  version: z.number().int(),
  values: z.record(z.string(), z.union([z.string(), z.boolean()])),
  updatedAt: z.string().nullable().describe('null while the group has its defaults.'),
})

export function groupJson(settings: GroupSettings): z.infer<typeof groupSchema> {
  return {
    group: settings.group,
    version: settings.version,
    values: settings.values,
    updatedAt: settings.updatedAt?.toISOString() ?? null,
  }
}

/** `update_global_settings` answers with the group it wrote; its entity id is the group name. */
export const globalSettingsView: ResourceView = {
  resource: SETTINGS_CATEGORY,
  readTool: 'get_global_settings',
  schema: groupSchema,
  async read(session, id) {
    if (!session.store || !(SETTINGS_GROUPS as string[]).includes(id)) return null
    const groups = await readGlobalSettings(session.platform.database.db, session.store.id)
    return groupJson(groups[id as SettingsGroup])
  },
}
