import type { Kysely } from 'kysely'
import type { GlobalSettingsChanged } from '../../../domain/settings/global-settings/events.js'
import {
  SETTINGS_GROUPS,
  changedEventType,
  upcast,
  type AnyGroupValues,
} from '../../../domain/settings/global-settings/groups.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { storeTablesOf } from '../../shared/entity-projection.js'
import { column, table, type DatabaseOf } from '../../shared/table.js'

export const GLOBAL_SETTINGS_TABLE = table(
  'global_settings',
  {
    store_id: column.uuid(),
    group_name: column.text(),
    /** Schema version of `values`, after upcasting: always the group's current one. */
    version: column.integer(),
    values: column.jsonb<AnyGroupValues>(),
    /** Revision of the group's stream after its last change. */
    revision: column.integer(),
    updated_at: column.timestamptz(),
  },
  { primaryKey: ['store_id', 'group_name'] },
)

export type GlobalSettingsTables = DatabaseOf<typeof GLOBAL_SETTINGS_TABLE>

/** One row per store and changed group; a group never changed has no row and reads as its defaults. */
export const globalSettingsProjection: Projection = {
  name: 'global_settings',
  version: 1,
  eventTypes: SETTINGS_GROUPS.map(changedEventType),
  ...storeTablesOf(GLOBAL_SETTINGS_TABLE),
  async apply(event, trx) {
    const data = event.data as GlobalSettingsChanged['data']
    const values = JSON.stringify(upcast(data.group, data.version, data.values))
    const row = {
      version: data.version,
      values,
      revision: event.revision,
      updated_at: new Date(event.metadata.occurredAt),
    }
    await (trx as Kysely<GlobalSettingsTables>)
      .insertInto('global_settings')
      .values({ store_id: data.storeId, group_name: data.group, ...row })
      .onConflict((oc) => oc.columns(['store_id', 'group_name']).doUpdateSet(row))
      .execute()
  },
}
