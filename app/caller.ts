import type { AnyCommandDefinition } from '../domain/shared/command.js'
import type { Actor } from '../domain/shared/context.js'
import { DomainError } from '../domain/shared/errors.js'
import { grants, type Scope } from '../domain/shared/scopes.js'
import { refuseArchived } from '../domain/tenancy/store/archived.js'
import type { Principal, StoreRef } from './auth/authenticate.js'
import type { CommandContext } from './commands/context.js'
import type { Platform } from './platform.js'

/**
 * Who asks, whatever the transport (GraphQL, MCP, CLI): the platform, the credential, the
 * selected store and the ids every event of the request carries. Reads and commands of `app/`
 * take a caller, so GraphQL and MCP share one scope check, one store rule and one view.
 */
export interface Caller {
  platform: Platform
  principal: Principal
  store: StoreRef | null
  correlationId: string
  actor: Actor
  /** How this transport selects a store, for the message asking for one; the X-Store header by default. */
  storeHint?: string
}

export function requireScope(caller: Caller, scope: Scope): void {
  if (!grants(caller.principal.scopes, scope)) {
    throw new DomainError('FORBIDDEN', `this needs the ${scope} scope, which this credential does not have`)
  }
}

/** The selected store, or a clear error asking for one; FORBIDDEN when it is archived. */
export function requireStore(caller: Caller): StoreRef {
  if (caller.store) return refuseArchived(caller.store)
  throw new DomainError(
    'BAD_USER_INPUT',
    caller.storeHint ?? 'this credential reaches several stores: choose one with the X-Store header (store id or slug)',
  )
}

export function commandContext(caller: Caller): CommandContext {
  return {
    organizationId: caller.principal.organizationId,
    storeId: caller.store ? refuseArchived(caller.store).id : null,
    actor: caller.actor,
    scopes: caller.principal.scopes,
    correlationId: caller.correlationId,
    causationId: null,
    now: new Date(),
  }
}

/**
 * Runs a registry command and waits until the read models show it, so what is read next
 * reflects the write. Returns the entity id and `eventPosition`.
 */
export async function mutate(
  caller: Caller,
  definition: AnyCommandDefinition,
  input: unknown,
): Promise<{ entityId: string; eventPosition: string | null }> {
  const result = await caller.platform.executeAndWait(definition, input, commandContext(caller))
  return { entityId: result.entityId, eventPosition: result.position }
}
