import { v7 as uuidv7 } from 'uuid'
import { DomainError } from '../../domain/shared/errors.js'
import { ALL_SCOPES, type Scope } from '../../domain/shared/scopes.js'
import { findStoreBySlug } from '../../projections/tenancy/queries.js'
import { issueApiKey } from '../auth/keys.js'
import { systemContext, type CommandContext } from '../commands/context.js'
import type { AnyCommandDefinition } from '../../domain/shared/command.js'
import type { MutationResult, Platform } from '../platform.js'
import { apiKeyRevoke } from '../../domain/tenancy/api-key/definitions.js'
import { organizationCreate } from '../../domain/tenancy/organization/definitions.js'
import { storeCreate } from '../../domain/tenancy/store/definitions.js'

export interface CreatedTenant {
  organizationId: string
  storeId: string
  storeSlug: string
  apiKey: string
}

/** An operator acting from the CLI: every scope, recorded as the system actor. */
function operatorContext(organizationId: string, storeId: string | null = null): CommandContext {
  return systemContext({ organizationId, storeId }, { type: 'system', id: 'cli', name: 'operator' }, ALL_SCOPES)
}

/**
 * How long an operator task waits for each of its steps to reach the read models. Each step needs
 * the one before it there (the key names the store), and on a busy machine the first start's
 * projections took longer than a request's read wait: an operator waits rather than being left
 * with a store whose key was never shown.
 */
const OPERATOR_READ_WAIT_MS = 120_000

/** Runs an operator's command and fails, saying why, unless the read models show it in time. */
async function executeVisible(
  platform: Platform,
  definition: AnyCommandDefinition,
  input: unknown,
  ctx: CommandContext,
): Promise<MutationResult> {
  const result = await platform.executeAndWait(definition, input, ctx, OPERATOR_READ_WAIT_MS)
  if (!result.visible)
    throw new DomainError(
      'SERVICE_UNAVAILABLE',
      `${definition.name} was recorded, but the read models did not show it within ${OPERATOR_READ_WAIT_MS / 1000} s; ` +
        'check that the projections run (emporium projections status), then try again',
    )
  return result
}

/**
 * `emporium tenant create`: an organization, its first store and a key for that store, each
 * through the command path, visible in the read models when this returns.
 */
export async function createTenant(
  platform: Platform,
  input: { organizationName: string; storeSlug: string; storeName?: string; scopes?: readonly Scope[] },
): Promise<CreatedTenant> {
  const ctx = operatorContext(uuidv7())
  await executeVisible(platform, organizationCreate, { name: input.organizationName }, ctx)
  const store = await executeVisible(
    platform,
    storeCreate,
    { name: input.storeName ?? input.storeSlug, slug: input.storeSlug },
    ctx,
  )
  const key = await issueApiKey(
    {
      db: platform.database.db,
      execute: (definition, commandInput, commandCtx) => executeVisible(platform, definition, commandInput, commandCtx),
    },
    { name: 'default key', scopes: input.scopes ?? ALL_SCOPES, storeIds: [store.entityId] },
    ctx,
  )
  return { organizationId: ctx.organizationId, storeId: store.entityId, storeSlug: input.storeSlug, apiKey: key.apiKey }
}

/** `emporium keys create`: a key limited to one store of its organization. */
export async function createKey(
  platform: Platform,
  input: { storeSlug: string; scopes: readonly string[]; name?: string; expiresAt?: string | null },
): Promise<{ id: string; apiKey: string; scopes: Scope[] }> {
  const store = await findStoreBySlug(platform.database.db, input.storeSlug)
  if (!store) throw new DomainError('NOT_FOUND', `no store with slug '${input.storeSlug}'`)
  const key = await issueApiKey(
    {
      db: platform.database.db,
      execute: (definition, commandInput, commandCtx) => platform.executeAndWait(definition, commandInput, commandCtx),
    },
    { name: input.name ?? 'cli key', scopes: input.scopes, storeIds: [store.id], expiresAt: input.expiresAt ?? null },
    operatorContext(store.organizationId),
  )
  return { id: key.id, apiKey: key.apiKey, scopes: key.scopes }
}

/** `emporium keys revoke`: from the next request on, the key is refused. */
export async function revokeKey(platform: Platform, input: { organizationId: string; keyId: string }): Promise<void> {
  await platform.executeAndWait(apiKeyRevoke, { id: input.keyId }, operatorContext(input.organizationId))
}
