import type { MercuriusContext } from 'mercurius'
import { v7 as uuidv7 } from 'uuid'
import type { Actor } from '../../../domain/shared/context.js'
import { DomainError } from '../../../domain/shared/errors.js'
import { grants, type Scope } from '../../../domain/shared/scopes.js'
import { refuseArchived } from '../../../domain/tenancy/store/archived.js'
import type { Principal, StoreRef } from '../../../app/auth/authenticate.js'
import type { CommandContext } from '../../../app/commands/context.js'
import type { Platform } from '../../../app/platform.js'

/** What every resolver gets: the platform, who is asking, and for which store. */
export interface RequestContext {
  platform: Platform
  principal: Principal
  store: StoreRef | null
  requestId: string
  correlationId: string
  actor: Actor
}

export type GraphQLContext = MercuriusContext & RequestContext

export function requireScope(ctx: RequestContext, scope: Scope): void {
  if (!grants(ctx.principal.scopes, scope)) {
    throw new DomainError('FORBIDDEN', `this needs the ${scope} scope, which this credential does not have`)
  }
}

/** The selected store, or a clear error asking for one; FORBIDDEN when it is archived. */
export function requireStore(ctx: RequestContext): StoreRef {
  if (ctx.store) return refuseArchived(ctx.store)
  throw new DomainError(
    'BAD_USER_INPUT',
    'this credential reaches several stores: choose one with the X-Store header (store id or slug)',
  )
}

export function commandContext(ctx: RequestContext): CommandContext {
  return {
    organizationId: ctx.principal.organizationId,
    storeId: ctx.store ? refuseArchived(ctx.store).id : null,
    actor: ctx.actor,
    scopes: ctx.principal.scopes,
    correlationId: ctx.correlationId,
    causationId: null,
    now: new Date(),
  }
}

/**
 * Runs a registry command for a mutation and waits until the read models show it, so the
 * payload (read from them) reflects the write. Returns the entity id and `eventPosition`.
 */
export async function mutate(
  ctx: RequestContext,
  name: string,
  input: unknown,
): Promise<{ entityId: string; eventPosition: string | null }> {
  const result = await ctx.platform.executeAndWait(name, input, commandContext(ctx))
  return { entityId: result.entityId, eventPosition: result.position }
}

export function newCorrelationId(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header
  return value && /^[\w.:-]{1,100}$/.test(value) ? value : uuidv7()
}
