import { badInput } from '../../shared/errors.js'
import type { Decider } from '../../shared/event.js'
import { activeStore } from '../../tenancy/store/decide.js'
import type { StoreCommerceToggled, StoreEvent } from '../../tenancy/store/events.js'
import { evolveStore, initialStore, type Store } from '../../tenancy/store/store.js'
import type { StoreCommerceToggle } from './commands.js'

/**
 * The commerce switch, a second decider over the store's stream: it folds the same history as
 * the store configuration, because selling needs the store's currency. Toggling to the state the
 * store is in records nothing, so the history shows only real switches (who, when: the metadata).
 */
export function decideCommerce(command: StoreCommerceToggle, state: Store): StoreCommerceToggled[] {
  const { storeId, enabled } = command.data
  const config = activeStore(state, storeId)
  if (state.status === 'absent' || state.commerceEnabled === enabled) return []
  if (enabled && !config.currency) {
    throw badInput(
      ['input', 'enabled'],
      'commerce needs a currency: set one with storeUpdate (currency, e.g. "USD") first',
    )
  }
  return [{ type: 'StoreCommerceToggled', data: { storeId, enabled } }]
}

export const commerceDecider: Decider<Store, StoreCommerceToggle, StoreEvent> = {
  initialState: initialStore,
  evolve: evolveStore,
  decide: decideCommerce,
}
