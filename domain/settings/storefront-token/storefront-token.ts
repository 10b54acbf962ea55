import type { StorefrontTokenEvent } from './events.js'

/** What decisions about a token need: whether it exists and whether it still works. */
export type StorefrontToken = { status: 'absent' } | { status: 'active' | 'revoked'; id: string }

export const initialStorefrontToken = (): StorefrontToken => ({ status: 'absent' })

export function evolveStorefrontToken(state: StorefrontToken, event: StorefrontTokenEvent): StorefrontToken {
  switch (event.type) {
    case 'StorefrontTokenCreated':
      return { status: 'active', id: event.data.tokenId }
    case 'StorefrontTokenRevoked':
      return state.status === 'absent' ? state : { ...state, status: 'revoked' }
    default: {
      const _exhaustive: never = event
      return state
    }
  }
}
