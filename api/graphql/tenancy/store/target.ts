import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { DomainError } from '../../../../domain/shared/errors.js'
import { isUuid } from '../../../../domain/shared/ids.js'
import { commandContext } from '../../../../app/caller.js'
import { reachableStore } from '../../../../app/tenancy/store/reads.js'
import { type RequestContext } from '../../shared/context.js'

/** Organization-level changes (new stores, the organization itself) need a credential for every store. */
export function requireEveryStore(ctx: RequestContext, what: string): void {
  if (ctx.principal.storeIds !== null) {
    throw new DomainError(
      'FORBIDDEN',
      `${what} needs a credential for every store of the organization; this key is limited to particular stores`,
    )
  }
}

/**
 * Runs a command on a given store (null: none) instead of the request's, so its events carry the
 * store they are about and land in that store's audit log. Callers check the reach first.
 */
export async function mutateOn(
  ctx: RequestContext,
  storeId: string | null,
  definition: AnyCommandDefinition,
  input: unknown,
): Promise<{ entityId: string; eventPosition: string | null }> {
  // Built without the request's store, which may be the archived one storeRestore brings back.
  const result = await ctx.platform.executeAndWait(definition, input, {
    ...commandContext({ ...ctx, store: null }),
    storeId,
  })
  return { entityId: result.entityId, eventPosition: result.position }
}

/**
 * The store an input's optional `id` names, checked against the credential's reach; the request's
 * store when it names none. A malformed id is left to the command's validation (BAD_USER_INPUT).
 */
export async function namedStoreId(ctx: RequestContext, id: unknown): Promise<string | null> {
  if (typeof id === 'string' && isUuid(id)) return (await reachableStore(ctx, id)).id
  return ctx.store?.id ?? null
}
