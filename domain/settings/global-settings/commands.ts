import { z } from 'zod'
import { jsonObject } from '../../shared/input-types.js'
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

/**
 * `{group, values}`: one flat object (as MCP tool inputs must be), its values checked against the
 * group's schema with the issues' paths under `values`.
 */
export const globalSettingsUpdateInput = z
  .strictObject({
    group: z.enum(SETTINGS_GROUPS, { error: `group must be one of ${SETTINGS_GROUPS.join(', ')}` }),
    values: jsonObject("values must be an object of the group's fields, e.g. { enabled: true, message: 'Back soon' }"),
  })
  .transform((input, refinement) => {
    const parsed = groupValues(input.group).safeParse(input.values)
    if (parsed.success)
      return { group: input.group, values: parsed.data as Record<string, SettingValue | null | undefined> }
    for (const issue of parsed.error.issues)
      refinement.addIssue({ code: 'custom', path: ['values', ...issue.path], message: issue.message })
    return z.NEVER
  })
export type GlobalSettingsUpdateInput = z.output<typeof globalSettingsUpdateInput>

/** Only the given fields change. */
export type GlobalSettingsUpdate = {
  type: 'GlobalSettingsUpdate'
  data: { storeId: string; group: SettingsGroup; values: AnyGroupValues }
}
