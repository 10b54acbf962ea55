import type { DecideContext } from '../../domain/shared/context.js'
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
