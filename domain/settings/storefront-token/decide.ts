import { DomainError, conflict } from '../../shared/errors.js'
import type { Decider } from '../../shared/event.js'
import type { StorefrontTokenCommand, StorefrontTokenCreate, StorefrontTokenRevoke } from './commands.js'
import type { StorefrontTokenEvent } from './events.js'
import { evolveStorefrontToken, initialStorefrontToken, type StorefrontToken } from './storefront-token.js'

export function decideStorefrontToken(command: StorefrontTokenCommand, state: StorefrontToken): StorefrontTokenEvent[] {
  switch (command.type) {
    case 'StorefrontTokenCreate':
      return create(command, state)
    case 'StorefrontTokenRevoke':
      return revoke(command, state)
    default: {
      const _exhaustive: never = command
      return []
    }
  }
}

function create(command: StorefrontTokenCreate, state: StorefrontToken): StorefrontTokenEvent[] {
  if (state.status !== 'absent') throw conflict(`storefront token '${command.data.tokenId}' already exists`)
  return [{ type: 'StorefrontTokenCreated', data: { ...command.data } }]
}

/** Revoking twice changes nothing: what the caller wants (the token no longer works) already holds. */
function revoke(command: StorefrontTokenRevoke, state: StorefrontToken): StorefrontTokenEvent[] {
  const { tokenId } = command.data
  if (state.status === 'absent')
    throw new DomainError(
      'NOT_FOUND',
      `storefront token '${tokenId}' does not exist in this store; list storefrontTokens to find its id`,
      { field: ['input', 'id'] },
    )
  if (state.status === 'revoked') return []
  return [{ type: 'StorefrontTokenRevoked', data: { tokenId } }]
}

export const storefrontTokenDecider: Decider<StorefrontToken, StorefrontTokenCommand, StorefrontTokenEvent> = {
  initialState: initialStorefrontToken,
  evolve: evolveStorefrontToken,
  decide: decideStorefrontToken,
}
