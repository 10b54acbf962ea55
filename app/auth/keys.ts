import { v7 as uuidv7 } from 'uuid'
import type { AnyCommandDefinition } from '../../domain/shared/command.js'
import { DomainError } from '../../domain/shared/errors.js'
import { isScope, type Scope } from '../../domain/shared/scopes.js'
import { apiKeyRotateRequest, canonicalScopes } from '../../domain/tenancy/api-key/commands.js'
import { apiKeyCreate, apiKeyRotate } from '../../domain/tenancy/api-key/definitions.js'
import { isUuid } from '../../domain/shared/ids.js'
import { findApiKey, listStores } from '../../projections/tenancy/queries.js'
import type { CommandContext } from '../commands/context.js'
import type { AnyDb } from '../../infra/database/database.js'
import { generateApiKeyToken, hashSecret } from './api-key-token.js'
import { secretTables } from './account-tables.js'
import { parseInput } from './input.js'
import { deleteApiKeySecret, insertApiKeySecret } from './secrets.js'

export interface IssueApiKeyDeps {
  db: AnyDb
  /** The command path (`Platform.execute` or `executeAndWait`): the key's event is written like any other. */
  execute(
    definition: AnyCommandDefinition,
    input: unknown,
    ctx: CommandContext,
  ): Promise<{ entityId: string; position: string | null }>
}

export interface IssueApiKeyInput {
  name: string
  scopes: readonly string[]
  /** The stores the key may reach; null = every store of the organization, present and future. */
  storeIds: readonly string[] | null
  expiresAt?: string | Date | null
}

export interface IssuedApiKey {
  id: string
  /** The whole key. This is the only time it exists outside its holder's hands: show it once. */
  apiKey: string
  scopes: Scope[]
  position: string | null
}

/**
 * Makes a key for the context's organization: a fresh token, its hash in `api_key_secrets`,
 * and `apiKeyCreate` through the command path with the token's public parts only.
 *
 * The secret row is written first: if the process dies between the two writes, what remains is
 * a hash no key refers to, which can never authenticate (authentication joins the key's read
 * model), instead of a listed key whose secret was never kept. A refused command removes the row.
 *
 * @example const { apiKey } = await issueApiKey({ db, execute: platform.executeAndWait.bind(platform) }, { name: 'ERP sync', scopes: ['products:write'], storeIds: null }, ctx)
 */
export async function issueApiKey(
  deps: IssueApiKeyDeps,
  input: IssueApiKeyInput,
  ctx: CommandContext,
): Promise<IssuedApiKey> {
  if (input.storeIds) await requireStoresOfOrganization(deps.db, ctx.organizationId, input.storeIds)
  const keyId = uuidv7()
  const token = generateApiKeyToken()
  await insertApiKeySecret(deps.db, { keyId, publicId: token.publicId, secretHash: hashSecret(token.secret) })
  try {
    const expiresAt = input.expiresAt instanceof Date ? input.expiresAt.toISOString() : input.expiresAt
    const result = await deps.execute(
      apiKeyCreate,
      {
        keyId,
        name: input.name,
        scopes: input.scopes,
        storeIds: input.storeIds,
        expiresAt,
        publicId: token.publicId,
        last4: token.last4,
      },
      ctx,
    )
    return {
      id: result.entityId,
      apiKey: token.token,
      scopes: canonicalScopes(input.scopes.filter(isScope)),
      position: result.position,
    }
  } catch (error) {
    await deleteApiKeySecret(deps.db, keyId)
    throw error
  }
}

/**
 * A key limited to a store id that is not the organization's would reach nothing there, silently;
 * saying so now spares a puzzling FORBIDDEN later. Ids that are not UUIDs are left to the
 * command's input validation, which names the field.
 */
async function requireStoresOfOrganization(
  db: AnyDb,
  organizationId: string,
  storeIds: readonly string[],
): Promise<void> {
  const found = new Set((await listStores(db, organizationId, storeIds)).map((store) => store.id))
  const index = storeIds.findIndex((id) => isUuid(id) && !found.has(id.toLowerCase()))
  if (index === -1) return
  throw new DomainError(
    'NOT_FOUND',
    `store '${storeIds[index]}' does not exist in this organization; list its stores to find the id`,
    {
      field: ['input', 'storeIds', index],
    },
  )
}

export interface RotatedApiKey {
  id: string
  /** The whole new key, shown once. */
  apiKey: string
  /** When the previous secrets stop working. */
  previousSecretsExpireAt: Date
  position: string | null
}

/**
 * Gives a key a new secret; the previous ones keep working until the overlap ends. The key must
 * be the organization's and working before a secret row is written, so a row never points at
 * another organization's key even for a moment. The previous secrets' end is written before
 * the command: its event moves the credential cache's generation, so no cached answer outlives
 * the overlap. A refused command restores them and removes the new secret.
 *
 * @example const { apiKey } = await rotateApiKey(deps, { id: keyId, overlapSeconds: 3600 }, ctx)
 */
export async function rotateApiKey(deps: IssueApiKeyDeps, raw: unknown, ctx: CommandContext): Promise<RotatedApiKey> {
  const request = parseInput(apiKeyRotateRequest, raw)
  const key = await findApiKey(deps.db, ctx.organizationId, request.id)
  if (!key)
    throw new DomainError(
      'NOT_FOUND',
      `API key '${request.id}' does not exist; list the organization's keys to find its id`,
      { field: ['input', 'id'] },
    )
  if (key.revokedAt)
    throw new DomainError(
      'CONFLICT',
      `API key '${request.id}' is revoked and cannot be rotated; create a new key instead`,
      { field: ['input', 'id'] },
    )

  const secrets = secretTables(deps.db)
  const previous = await secrets
    .selectFrom('api_key_secrets')
    .select(['public_id', 'expires_at'])
    .where('key_id', '=', key.id)
    .execute()
  const overlapEnd = new Date(ctx.now.getTime() + request.overlapSeconds * 1000)
  const token = generateApiKeyToken()
  await insertApiKeySecret(deps.db, { keyId: key.id, publicId: token.publicId, secretHash: hashSecret(token.secret) })
  for (const secret of previous) {
    if (secret.expires_at && secret.expires_at.getTime() <= overlapEnd.getTime()) continue
    await secrets
      .updateTable('api_key_secrets')
      .set({ expires_at: overlapEnd })
      .where('public_id', '=', secret.public_id)
      .execute()
  }
  try {
    const result = await deps.execute(apiKeyRotate, { ...request, publicId: token.publicId, last4: token.last4 }, ctx)
    return { id: key.id, apiKey: token.token, previousSecretsExpireAt: overlapEnd, position: result.position }
  } catch (error) {
    for (const secret of previous) {
      await secrets
        .updateTable('api_key_secrets')
        .set({ expires_at: secret.expires_at })
        .where('public_id', '=', secret.public_id)
        .execute()
    }
    await secrets.deleteFrom('api_key_secrets').where('public_id', '=', token.publicId).execute()
    throw error
  }
}
