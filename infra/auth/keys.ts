import { v7 as uuidv7 } from 'uuid'
import { DomainError } from '../../domain/shared/errors.js'
import { isScope, type Scope } from '../../domain/shared/scopes.js'
import { canonicalScopes } from '../../domain/tenancy/api-key/commands.js'
import { apiKeyCreate } from '../../domain/tenancy/api-key/definitions.js'
import { isUuid } from '../../domain/shared/ids.js'
import { listStores } from '../../projections/tenancy/queries.js'
import type { CommandContext } from '../commands/context.js'
import type { AnyDb } from '../database/database.js'
import { generateApiKeyToken, hashSecret } from './api-key-token.js'
import { deleteApiKeySecret, insertApiKeySecret } from './secrets.js'

export interface IssueApiKeyDeps {
  db: AnyDb
  /** The command path (`Platform.execute` or `executeAndWait`): the key's event is written like any other. */
  execute(commandName: string, input: unknown, ctx: CommandContext): Promise<{ entityId: string; position: string | null }>
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
export async function issueApiKey(deps: IssueApiKeyDeps, input: IssueApiKeyInput, ctx: CommandContext): Promise<IssuedApiKey> {
  if (input.storeIds) await requireStoresOfOrganization(deps.db, ctx.organizationId, input.storeIds)
  const keyId = uuidv7()
  const token = generateApiKeyToken()
  await insertApiKeySecret(deps.db, { keyId, publicId: token.publicId, secretHash: hashSecret(token.secret) })
  try {
    const expiresAt = input.expiresAt instanceof Date ? input.expiresAt.toISOString() : input.expiresAt
    const result = await deps.execute(
      apiKeyCreate.name,
      { keyId, name: input.name, scopes: input.scopes, storeIds: input.storeIds, expiresAt, publicId: token.publicId, last4: token.last4 },
      ctx,
    )
    return { id: result.entityId, apiKey: token.token, scopes: canonicalScopes(input.scopes.filter(isScope)), position: result.position }
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
async function requireStoresOfOrganization(db: AnyDb, organizationId: string, storeIds: readonly string[]): Promise<void> {
  const found = new Set((await listStores(db, organizationId, storeIds)).map((store) => store.id))
  const index = storeIds.findIndex((id) => isUuid(id) && !found.has(id.toLowerCase()))
  if (index === -1) return
  throw new DomainError('NOT_FOUND', `store '${storeIds[index]}' does not exist in this organization; list its stores to find the id`, {
    field: ['input', 'storeIds', index],
  })
}
