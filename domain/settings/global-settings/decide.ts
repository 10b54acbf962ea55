import { badInput } from '../../shared/errors.js'
import type { Decider } from '../../shared/event.js'
import type { GlobalSettingsUpdate } from './commands.js'
import type { GlobalSettingsChanged } from './events.js'
import { GROUP_SCHEMAS, changedEventType, upcast, type AnyGroupValues, type SettingsGroup } from './groups.js'

/** A group's current values; null before its first change (the defaults apply). */
export interface GroupState {
  values: AnyGroupValues | null
}

export const initialGroupState = (): GroupState => ({ values: null })

export function evolveGroup(_state: GroupState, event: GlobalSettingsChanged): GroupState {
  return { values: upcast(event.data.group, event.data.version, event.data.values) }
}

/** Merges the given fields into the group; records only real changes, and checks the group's own rules. */
export function decideGroup(command: GlobalSettingsUpdate, state: GroupState): GlobalSettingsChanged[] {
  const { storeId, group, values } = command.data
  const current = state.values ?? upcast(group, GROUP_SCHEMAS[group].version, {})
  const next = { ...current, ...values }
  const changed = Object.keys(values).filter((field) => !sameValue(values[field], current[field]))
  if (changed.length === 0) return []
  checkRules(group, next)
  return [
    {
      type: changedEventType(group),
      data: { storeId, group, version: GROUP_SCHEMAS[group].version, values: next, changed },
    },
  ]
}

/** Texts, switches and numbers by value; lists (shipping rates) by their JSON. */
function sameValue(a: unknown, b: unknown): boolean {
  return typeof a === 'object' || typeof b === 'object' ? JSON.stringify(a) === JSON.stringify(b) : a === b
}

function checkRules(group: SettingsGroup, values: AnyGroupValues): void {
  // Shoppers see the message instead of the store: an empty page would look like an outage.
  if (group === 'maintenance' && values.enabled === true && values.message === '') {
    throw badInput(
      ['input', 'maintenance', 'message'],
      'maintenance mode needs a message for shoppers, e.g. "Back at 10:00 UTC"; give one with enabled',
    )
  }
}

export const globalSettingsDecider: Decider<GroupState, GlobalSettingsUpdate, GlobalSettingsChanged> = {
  initialState: initialGroupState,
  evolve: evolveGroup,
  decide: decideGroup,
}
