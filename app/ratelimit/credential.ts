import type { Principal } from '../auth/authenticate.js'

/** A request without a credential (signUp, login, …): it spends from its client address's bucket. */
export interface AnonymousClient {
  type: 'anonymous'
  ip: string
}

/** Whoever a bucket belongs to: a credential, or the address of an anonymous client. */
export type RateLimitedClient = Principal | AnonymousClient

/**
 * The bucket a credential spends from: each API key has its own (`key:<keyId>`), each signed-in
 * person theirs (`user:<userId>`), whatever transport they call through, so GraphQL and MCP
 * draw on one budget. Anonymous requests spend from their address's (`anon:<ip>`).
 */
export function bucketKeyOf(client: RateLimitedClient): string {
  return client.type === 'anonymous'
    ? `anon:${client.ip}`
    : client.type === 'user'
      ? `user:${client.userId}`
      : `key:${client.keyId}`
}
