import { v7 as uuidv7 } from 'uuid'
import type { Actor } from '../../domain/shared/context.js'
import { DomainError } from '../../domain/shared/errors.js'
import { refuseArchived } from '../../domain/tenancy/store/archived.js'
import { credentialId, type Principal, type StoreRef } from '../../app/auth/authenticate.js'
import type { CommandContext } from '../../app/commands/context.js'
import type { Platform } from '../../app/platform.js'

/** Who an MCP server instance works for: one credential, at most one store, one transport. */
export interface ShopSession {
  platform: Platform
  principal: Principal
  store: StoreRef | null
  /** How this transport selects a store, for the message asking for one. */
  storeHint: string
  /** One id for every event of the HTTP request; stdio makes one per tool call. */
  correlationId: string | undefined
  /** Runs before every tool call: stdio re-checks its key so a revoked key stops working mid-session. */
  authorize: (() => Promise<unknown>) | undefined
  /** `https://api.example.com` as the client reached this server, for absolute URLs; unknown over stdio. */
  origin: string | undefined
}

/** What one tool call runs with. */
export interface ToolCall {
  session: ShopSession
  correlationId: string
}

export function startCall(session: ShopSession): ToolCall {
  return { session, correlationId: session.correlationId ?? uuidv7() }
}

/** The audit log shows MCP writes as the key's, under the MCP transport. */
export function mcpActor(principal: Principal): Actor {
  return { type: 'mcp', id: credentialId(principal), name: principal.name }
}

export function commandContext({ session, correlationId }: ToolCall): CommandContext {
  return {
    organizationId: session.principal.organizationId,
    storeId: session.store ? refuseArchived(session.store).id : null,
    actor: mcpActor(session.principal),
    scopes: session.principal.scopes,
    correlationId,
    causationId: null,
    now: new Date(),
  }
}

/** The selected store, or a clear error saying how to select one on this transport. */
export function requireStore(session: ShopSession): StoreRef {
  if (session.store) return refuseArchived(session.store)
  throw new DomainError(
    'BAD_USER_INPUT',
    `this credential reaches several stores and none is selected: ${session.storeHint}; get_context lists them`,
  )
}
