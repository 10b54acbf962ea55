import type { DecideContext } from '../../shared/context.js'
import { DomainError, badInput, conflict } from '../../shared/errors.js'
import type { Decider } from '../../shared/event.js'
import { evolveApiKey, initialApiKey, type ApiKey } from './api-key.js'
import type { ApiKeyCommand, ApiKeyCreate, ApiKeyRevoke, ApiKeyRotate } from './commands.js'
import type { ApiKeyEvent } from './events.js'

export function decideApiKey(command: ApiKeyCommand, state: ApiKey, ctx: DecideContext): ApiKeyEvent[] {
  switch (command.type) {
    case 'ApiKeyCreate':
      return create(command, state, ctx)
    case 'ApiKeyRevoke':
      return revoke(command, state)
    case 'ApiKeyRotate':
      return rotate(command, state, ctx)
    default: {
      const _exhaustive: never = command
      return []
    }
  }
}

function create(command: ApiKeyCreate, state: ApiKey, ctx: DecideContext): ApiKeyEvent[] {
  const data = command.data
  if (state.status !== 'absent') throw conflict(`API key '${data.keyId}' already exists`)
  if (data.expiresAt !== null && Date.parse(data.expiresAt) <= ctx.now.getTime()) {
    throw badInput(
      ['input', 'expiresAt'],
      `expiresAt ${data.expiresAt} is not in the future; give a later date or none for a key that does not expire`,
    )
  }
  return [{ type: 'ApiKeyCreated', data: { ...data } }]
}

/** Revoking twice changes nothing: the caller's intent (the key no longer works) already holds. */
function revoke(command: ApiKeyRevoke, state: ApiKey): ApiKeyEvent[] {
  const { keyId } = command.data
  if (state.status === 'absent') throw keyNotFound(keyId)
  if (state.status === 'revoked') return []
  return [{ type: 'ApiKeyRevoked', data: { keyId } }]
}

/** A new secret; the previous ones stop working once the overlap has passed. */
function rotate(command: ApiKeyRotate, state: ApiKey, ctx: DecideContext): ApiKeyEvent[] {
  const { keyId, publicId, last4, overlapSeconds } = command.data
  if (state.status === 'absent') throw keyNotFound(keyId)
  if (state.status === 'revoked')
    throw conflict(`API key '${keyId}' is revoked and cannot be rotated; create a new key instead`, ['input', 'id'])
  const previousSecretsExpireAt = new Date(ctx.now.getTime() + overlapSeconds * 1000).toISOString()
  return [{ type: 'ApiKeyRotated', data: { keyId, publicId, last4, previousSecretsExpireAt } }]
}

function keyNotFound(keyId: string): DomainError {
  return new DomainError(
    'NOT_FOUND',
    `API key '${keyId}' does not exist; list the organization's keys to find its id`,
    { field: ['input', 'id'] },
  )
}

export const apiKeyDecider: Decider<ApiKey, ApiKeyCommand, ApiKeyEvent> = {
  initialState: initialApiKey,
  evolve: evolveApiKey,
  decide: decideApiKey,
}
