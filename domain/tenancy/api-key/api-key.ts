import type { ApiKeyEvent } from './events.js'

/** What decisions about a key need to know: whether it exists and whether it still works. */
export type ApiKey = { status: 'absent' } | { status: 'active' | 'revoked'; id: string; organizationId: string }

export const initialApiKey = (): ApiKey => ({ status: 'absent' })

export function evolveApiKey(state: ApiKey, event: ApiKeyEvent): ApiKey {
  switch (event.type) {
    case 'ApiKeyCreated':
      return { status: 'active', id: event.data.keyId, organizationId: event.data.organizationId }
    case 'ApiKeyRevoked':
      return state.status === 'absent' ? state : { ...state, status: 'revoked' }
    case 'ApiKeyRotated':
      return state
    default: {
      const _exhaustive: never = event
      return state
    }
  }
}
