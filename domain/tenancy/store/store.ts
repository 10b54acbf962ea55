import type { StoreEvent } from './events.js'

/** What decisions about a store need to know. */
export type Store = { status: 'absent' } | { status: 'active'; id: string; organizationId: string; name: string; slug: string }

export const initialStore = (): Store => ({ status: 'absent' })

export function evolveStore(state: Store, event: StoreEvent): Store {
  switch (event.type) {
    case 'StoreCreated': {
      const { storeId, organizationId, name, slug } = event.data
      return { status: 'active', id: storeId, organizationId, name, slug }
    }
    default: {
      const _exhaustive: never = event.type
      return state
    }
  }
}
