import type { Principal } from '../auth/authenticate.js'

/**
 * The bucket a credential spends from: each API key has its own (`key:<keyId>`), whatever
 * transport it calls through, so GraphQL and MCP draw on one budget.
 */
export function bucketKeyOf(principal: Principal): string {
  return `key:${principal.keyId}`
}
