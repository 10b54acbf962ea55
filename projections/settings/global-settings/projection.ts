import type { ColumnType, Kysely, Selectable } from 'kysely'
import type { GlobalSettingsChanged } from '../../../domain/settings/global-settings/events.js'
import {
  SETTINGS_GROUPS,
  changedEventType,
  upcast,
  type AnyGroupValues,
} from '../../../domain/settings/global-settings/groups.js'
import type { Projection } from '../../../infra/projections/projection.js'
import type { Timestamp } from '../../shared/table.js'

export interface GlobalSettingsTable {
  store_id: string
  group_name: string
  /** Schema version of `values`, after upcasting: always the group's current one. */
  version: number
  values: ColumnType<AnyGroupValues, string, string>
  /** Revision of the group's stream after its last change. */
  revision: number
  updated_at: Timestamp
}

export interface GlobalSettingsTables {
  global_settings: GlobalSettingsTable
}
export type GlobalSettingsRow = Selectable<GlobalSettingsTable>

/** One row per store and changed group; a group never changed has no row and reads as its defaults. */
export const globalSettingsProjection: Projection = {
  name: 'global_settings',
  version: 1,
  eventTypes: SETTINGS_GROUPS.map(changedEventType),
  tables: ['global_settings'],
  storeTables: ['global_settings'],
  async createTables(db) {
    await db.schema
      .createTable('global_settings')
      .addColumn('store_id', 'uuid', (c) => c.notNull())
      .addColumn('group_name', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('values', 'jsonb', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('global_settings_pk', ['store_id', 'group_name'])
      .execute()
  },
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
