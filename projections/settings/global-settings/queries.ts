import type { Kysely } from 'kysely'
import {
  GROUP_SCHEMAS,
  SETTINGS_GROUPS,
  upcast,
  type AnyGroupValues,
  type SettingsGroup,
} from '../../../domain/settings/global-settings/groups.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { GlobalSettingsTables } from './projection.js'

/** A group's values with its schema version; `updatedAt` and `revision` are null while it has its defaults. */
export interface GroupSettings {
  group: SettingsGroup
  version: number
  values: AnyGroupValues
  updatedAt: Date | null
  revision: number | null
}

/**
 * The store's settings groups, each with its values (defaults for a group never changed).
 *
 * @example (await readGlobalSettings(db, storeId)).maintenance.values.enabled
 */
export async function readGlobalSettings(db: AnyDb, storeId: string): Promise<Record<SettingsGroup, GroupSettings>> {
  const rows = isUuid(storeId)
    ? await (db as Kysely<GlobalSettingsTables>)
        .selectFrom('global_settings')
        .selectAll()
        .where('store_id', '=', storeId)
        .execute()
    : []
  const entries = SETTINGS_GROUPS.map((group): [SettingsGroup, GroupSettings] => {
    const row = rows.find((candidate) => candidate.group_name === group)
    const version = GROUP_SCHEMAS[group].version
    return [
      group,
      row
        ? {
            group,
            version,
            values: upcast(group, row.version, row.values),
            updatedAt: row.updated_at,
            revision: row.revision,
          }
        : { group, version, values: upcast(group, version, {}), updatedAt: null, revision: null },
    ]
  })
  return Object.fromEntries(entries) as Record<SettingsGroup, GroupSettings>
}
