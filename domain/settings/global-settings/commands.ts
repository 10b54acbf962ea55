import { z } from 'zod'
import { GROUP_SCHEMAS, SETTINGS_GROUPS, type AnyGroupValues, type SettingValue, type SettingsGroup } from './groups.js'

/** The fields of one group, each optional: fields left out or null stay as they are (GraphQL sends null for unset variables). */
function groupValues(group: SettingsGroup) {
  const fields = GROUP_SCHEMAS[group].fields
  const partial = Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => [name, (schema as z.ZodType).nullish()]),
  )
  const names = Object.keys(fields).join(', ')
  return z.strictObject(partial, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `${group} settings do not have ${issue.keys.join(', ')}; they are ${names}`
        : undefined,
  })
}

const groupNames = SETTINGS_GROUPS.join(', ')

/**
 * Exactly one group under its own name, with the fields to change, e.g. `{ maintenance: { enabled:
 * true, message: 'Back soon' } }`: each group is typed (GraphQL and MCP show its fields), and a
 * group left out or null is not given (GraphQL sends null for unset variables). The command takes
 * it as `{group, values}`.
 */
export const globalSettingsUpdateInput = z
  .strictObject(Object.fromEntries(SETTINGS_GROUPS.map((group) => [group, groupValues(group).nullish()])), {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `globalSettingsUpdate does not take ${issue.keys.join(', ')}; give one group of ${groupNames}`
        : undefined,
  })
  .transform((input, refinement) => {
    const given = SETTINGS_GROUPS.filter((group) => input[group] != null)
    if (given.length === 1) {
      const group = given[0]!
      return { group, values: input[group] as Record<string, SettingValue | null | undefined> }
    }
    refinement.addIssue({
      code: 'custom',
      message: `give exactly one group of ${groupNames}; got ${given.length ? given.join(', ') : 'none'}`,
    })
    return z.NEVER
  })
export type GlobalSettingsUpdateInput = z.output<typeof globalSettingsUpdateInput>

/** Only the given fields change. */
export type GlobalSettingsUpdate = {
  type: 'GlobalSettingsUpdate'
  data: { storeId: string; group: SettingsGroup; values: AnyGroupValues }
}
