import { z } from 'zod'
import { GROUP_SCHEMAS, SETTINGS_GROUPS, type AnyGroupValues, type SettingsGroup } from './groups.js'

function groupInput<Group extends SettingsGroup>(group: Group) {
  const fields = GROUP_SCHEMAS[group].fields
  // Fields left out or null stay as they are: GraphQL clients send null for unset variables.
  const partial = Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, (schema as z.ZodType).nullish()]))
  const names = Object.keys(fields).join(', ')
  return z.strictObject({
    group: z.literal(group),
    values: z.strictObject(partial, {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `${group} settings do not have ${issue.keys.join(', ')}; they are ${names}` : undefined),
    }),
  })
}

export const globalSettingsUpdateInput = z.discriminatedUnion(
  'group',
  SETTINGS_GROUPS.map((group) => groupInput(group)) as unknown as [ReturnType<typeof groupInput>, ...ReturnType<typeof groupInput>[]],
  { error: `group must be one of ${SETTINGS_GROUPS.join(', ')}` },
)
export type GlobalSettingsUpdateInput = { group: SettingsGroup; values: Record<string, string | boolean | null | undefined> }

/** Only the given fields change. */
export type GlobalSettingsUpdate = { type: 'GlobalSettingsUpdate'; data: { storeId: string; group: SettingsGroup; values: AnyGroupValues } }
