import { z } from 'zod'
import { SETTINGS_GROUPS } from '../../../domain/settings/global-settings/groups.js'
import type { GroupSettings } from '../../../projections/settings/global-settings/queries.js'

/** One settings group as GraphQL's group types and the MCP tools serve it: values, schema version, last change. */
export const settingsGroupViewSchema = z.object({
  group: z.enum(SETTINGS_GROUPS),
  version: z.number().int(),
  values: z.record(
    z.string(),
    z.union([z.string(), z.boolean(), z.number(), z.array(z.object({ name: z.string(), amount: z.number().int() }))]),
  ),
  updatedAt: z.string().nullable().describe('null while the group has its defaults.'),
})

export type SettingsGroupView = z.infer<typeof settingsGroupViewSchema>

export function toSettingsGroupView(settings: GroupSettings): SettingsGroupView {
  return {
    group: settings.group,
    version: settings.version,
    values: settings.values,
    updatedAt: settings.updatedAt?.toISOString() ?? null,
  }
}
