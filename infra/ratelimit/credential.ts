import type { Principal } from '../auth/authenticate.js'

/**
 * The bucket a credential spends from: each API key has its own (`key:<keyId>`), each signed-in
 * person theirs (`user:<userId>`), whatever transport they call through, so GraphQL and MCP
 * draw on one budget.
 */
export function bucketKeyOf(principal: Principal): string {
  return principal.type === 'user' ? `user:${principal.userId}` : `key:${principal.keyId}`
}
