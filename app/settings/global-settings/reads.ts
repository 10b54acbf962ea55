import { SETTINGS_GROUPS, type SettingsGroup } from '../../../domain/settings/global-settings/groups.js'
import { readGlobalSettings } from '../../../projections/settings/global-settings/queries.js'
import { requireScope, requireStore, type Caller } from '../../caller.js'
import type { Platform } from '../../platform.js'
import { toSettingsGroupView, type SettingsGroupView } from './view.js'

/** Every group of the store's global settings; groups never changed carry their defaults. */
export async function readSettingsGroups(caller: Caller): Promise<Record<SettingsGroup, SettingsGroupView>> {
  requireScope(caller, 'settings:read')
  const groups = await readGlobalSettings(caller.platform.database.db, requireStore(caller).id)
  return Object.fromEntries(SETTINGS_GROUPS.map((group) => [group, toSettingsGroupView(groups[group])])) as Record<
    SettingsGroup,
    SettingsGroupView
  >
}

/** One group by name, or null when the name is no group or no store is selected: a write's read-back. */
export async function findSettingsGroupView(caller: Caller, group: string): Promise<SettingsGroupView | null> {
  if (!caller.store || !(SETTINGS_GROUPS as readonly string[]).includes(group)) return null
  const groups = await readGlobalSettings(caller.platform.database.db, caller.store.id)
  return toSettingsGroupView(groups[group as SettingsGroup])
}

/**
 * Whether the store is closed for maintenance, as shoppers meet it (the cart refuses changes):
 * a storefront read, asked by the host's store, not by a credential.
 */
export async function storeInMaintenance(platform: Platform, storeId: string): Promise<boolean> {
  const { maintenance } = await readGlobalSettings(platform.database.db, storeId)
  return maintenance.values.enabled === true
}
