import { defineCommand, organizationWrite } from '../../shared/command.js'
import type { DecideContext } from '../../shared/context.js'
import { DomainError } from '../../shared/errors.js'
import {
  apiKeyCreateInput,
  apiKeyRevokeInput,
  apiKeyRotateInput,
  type ApiKeyCreate,
  type ApiKeyRevoke,
  type ApiKeyRotate,
} from './commands.js'
import { apiKeyDecider } from './decide.js'
import { API_KEY_CATEGORY, apiKeyStream } from './streams.js'

/*
 * Keys are managed by people (signed-in OWNERs and ADMINs in the admin UI, operators at the CLI),
 * never by another key: a leaked key must not be able to mint, rotate or revoke keys. Hence no
 * MCP tools, and every command refuses key and agent actors whatever scopes they hold.
 */
const KEYS = organizationWrite(API_KEY_CATEGORY, 'settings:write', { decider: apiKeyDecider })

/** FORBIDDEN unless a person or an operator acts. */
export function requireKeyManager(ctx: DecideContext): void {
  if (ctx.actor.type === 'user' || ctx.actor.type === 'system') return
  throw new DomainError(
    'FORBIDDEN',
    'keys are managed by signed-in admins (OWNER or ADMIN) in the admin UI, or by operators at the CLI; an API key can never manage keys',
  )
}

export const apiKeyCreate = defineCommand({
  ...KEYS,
  name: 'apiKeyCreate',
  tool: 'create_api_key',
  description:
    'Records a new API key of the organization: its name, scopes, the stores it may reach (null = all) and optional expiry, with the public parts of a token made beforehand. Returns the key id.',
  annotations: { destructive: false, idempotent: false },
  input: apiKeyCreateInput,
  prepare(input, env) {
    requireKeyManager(env.ctx)
    const organizationId = env.ctx.organizationId
    const command: ApiKeyCreate = { type: 'ApiKeyCreate', data: { ...input, organizationId } }
    return { stream: apiKeyStream(organizationId, input.keyId), command, entityId: input.keyId }
  },
})

export const apiKeyRevoke = defineCommand({
  ...KEYS,
  name: 'apiKeyRevoke',
  tool: 'revoke_api_key',
  description:
    'Revokes an API key of the organization: from now on every request with it is refused. Revoking a revoked key changes nothing. Returns the key id.',
  annotations: { destructive: true, idempotent: true },
  input: apiKeyRevokeInput,
  prepare(input, env) {
    requireKeyManager(env.ctx)
    const command: ApiKeyRevoke = { type: 'ApiKeyRevoke', data: { keyId: input.id } }
    return { stream: apiKeyStream(env.ctx.organizationId, input.id), command, entityId: input.id }
  },
})

export const apiKeyRotate = defineCommand({
  ...KEYS,
  name: 'apiKeyRotate',
  tool: 'rotate_api_key',
  description:
    'Records a new secret for an API key, made beforehand; the previous secrets keep working for overlapSeconds (default 1 day, at most 30 days). Returns the key id.',
  annotations: { destructive: false, idempotent: false },
  input: apiKeyRotateInput,
  prepare(input, env) {
    requireKeyManager(env.ctx)
    const command: ApiKeyRotate = {
      type: 'ApiKeyRotate',
      data: { keyId: input.id, publicId: input.publicId, last4: input.last4, overlapSeconds: input.overlapSeconds },
    }
    return { stream: apiKeyStream(env.ctx.organizationId, input.id), command, entityId: input.id }
  },
})

export const apiKeyDefinitions = [apiKeyCreate, apiKeyRevoke, apiKeyRotate] as const
