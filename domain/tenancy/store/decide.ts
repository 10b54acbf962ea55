import type { DecideContext } from '../../shared/context.js'
import { conflict } from '../../shared/errors.js'
import type { Decider } from '../../shared/event.js'
import type { StoreCommand, StoreCreate } from './commands.js'
import type { StoreEvent } from './events.js'
import { evolveStore, initialStore, type Store } from './store.js'

/** Every new store starts in English and US dollars; store configuration changes them later. */
export const DEFAULT_LOCALE = 'en'
export const DEFAULT_CURRENCY = 'USD'

export function decideStore(command: StoreCommand, state: Store, _ctx: DecideContext): StoreEvent[] {
  switch (command.type) {
    case 'StoreCreate':
      return create(command, state)
    default: {
      const _exhaustive: never = command.type
      return []
    }
  }
}

function create(command: StoreCreate, state: Store): StoreEvent[] {
  const { storeId, organizationId, name, slug } = command.data
  if (state.status !== 'absent') throw conflict(`store '${storeId}' already exists`)
  return [{ type: 'StoreCreated', data: { storeId, organizationId, name, slug, defaultLocale: DEFAULT_LOCALE, currency: DEFAULT_CURRENCY } }]
}

export const storeDecider: Decider<Store, StoreCommand, StoreEvent> = {
  initialState: initialStore,
  evolve: evolveStore,
  decide: decideStore,
}
