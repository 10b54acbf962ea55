import { v7 as uuidv7 } from 'uuid'
import type { Actor, DecideContext } from '../../domain/shared/context.js'
import type { Scope } from '../../domain/shared/scopes.js'

/**
 * Built by a transport after it authenticated the caller: who acts, in which organization and
 * store, with which scopes, under which correlation id, at what time.
 */
export interface CommandContext extends DecideContext {
  scopes: readonly Scope[]
  correlationId: string
  causationId: string | null
}

/**
 * The context of a command the platform runs by itself (a scheduler, the storefront for a shopper,
 * an operator): it starts a correlation of its own, nothing caused it, and it happens `now`.
 *
 * @example systemContext({ organizationId, storeId }, SCHEDULER_ACTOR, ['products:write'])
 */
export function systemContext(
  tenant: { organizationId: string; storeId: string | null },
  actor: Actor,
  scopes: readonly Scope[],
  now = new Date(),
): CommandContext {
  const { organizationId, storeId } = tenant
  return { organizationId, storeId, actor, scopes, correlationId: uuidv7(), causationId: null, now }
}
