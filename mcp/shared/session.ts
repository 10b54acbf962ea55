import { v7 as uuidv7 } from 'uuid'
import type { Actor } from '../../domain/shared/context.js'
import { credentialId, type Principal, type StoreRef } from '../../app/auth/authenticate.js'
import * as callers from '../../app/caller.js'
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

/**
 * The call as the `app/` reads and commands take it: the same scope check, store rule and views
 * as GraphQL, with MCP's own way of asking for a store.
 */
export function callerOf({ session, correlationId }: ToolCall): callers.Caller {
  return {
    platform: session.platform,
    principal: session.principal,
    store: session.store,
    correlationId,
    actor: mcpActor(session.principal),
    storeHint: `this credential reaches several stores and none is selected: ${session.storeHint}; get_context lists them`,
  }
}

export function commandContext(call: ToolCall): CommandContext {
  return callers.commandContext(callerOf(call))
}

/** The selected store, or a clear error saying how to select one on this transport. */
export function requireStore(session: ShopSession): StoreRef {
  return callers.requireStore(callerOf(startCall(session)))
}
