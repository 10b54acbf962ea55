import { ALL_SCOPES, isScope, type Scope } from '../../domain/shared/scopes.js'
import { fail } from '../platform.js'

/** `products:write,settings:read` → scopes; an unknown one stops the command with the valid list. */
export function parseScopes(list: string): Scope[] {
  const scopes = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const unknown = scopes.filter((s) => !isScope(s))
  if (unknown.length || scopes.length === 0)
    fail(`unknown scope ${unknown.join(', ') || '(none given)'}; choose from ${ALL_SCOPES.join(', ')}`)
  return scopes as Scope[]
}
