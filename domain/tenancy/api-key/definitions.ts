import { defineCommand } from '../../shared/command.js'
import { apiKeyCreateInput, apiKeyRevokeInput, type ApiKeyCreate, type ApiKeyRevoke } from './commands.js'
import { apiKeyDecider } from './decide.js'
import { API_KEY_CATEGORY, apiKeyStream } from './streams.js'

/*
 * Keys are managed by people (the CLI now, signed-in admins later), never by another key: a
 * leaked key must not be able to mint or revoke keys. Hence CLI only, organization-level.
 */

export const apiKeyCreate = defineCommand({
  name: 'apiKeyCreate',
  tool: 'create_api_key',
  description:
    'Records a new API key of the organization: its name, scopes, the stores it may reach (null = all) and optional expiry, with the public parts of a token made beforehand. Returns the key id.',
  resource: API_KEY_CATEGORY,
  scope: 'settings:write',
  transports: ['cli'],
  storeScoped: false,
  annotations: { destructive: false, idempotent: false },
  input: apiKeyCreateInput,
  prepare(input, env) {
    const organizationId = env.ctx.organizationId
    const command: ApiKeyCreate = { type: 'ApiKeyCreate', data: { ...input, organizationId } }
    return { stream: apiKeyStream(organizationId, input.keyId), command, entityId: input.keyId }
  },
  decider: apiKeyDecider,
})

export const apiKeyRevoke = defineCommand({
  name: 'apiKeyRevoke',
  tool: 'revoke_api_key',
  description: 'Revokes an API key of the organization: from now on every request with it is refused. Revoking a revoked key changes nothing. Returns the key id.',
  resource: API_KEY_CATEGORY,
  scope: 'settings:write',
  transports: ['cli'],
  storeScoped: false,
  annotations: { destructive: true, idempotent: true },
  input: apiKeyRevokeInput,
  prepare(input, env) {
    const command: ApiKeyRevoke = { type: 'ApiKeyRevoke', data: { keyId: input.id } }
    return { stream: apiKeyStream(env.ctx.organizationId, input.id), command, entityId: input.id }
  },
  decider: apiKeyDecider,
})

export const apiKeyDefinitions = [apiKeyCreate, apiKeyRevoke] as const
