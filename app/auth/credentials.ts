import { createHash } from 'node:crypto'
import type { AnyDb } from '../../infra/database/database.js'
import { authenticateApiKey, resolveStore, type Principal, type StoreRef } from './authenticate.js'

export interface RequestCredentials {
  principal: Principal
  store: StoreRef | null
}

interface Entry extends RequestCredentials {
  generation: string | null
  cachedAt: number
}

/**
 * Authenticates a bearer key and resolves the request's store, remembering the answer so a
 * request costs no lookup when nothing changed. "Nothing changed" is exact, not a guess: every
 * answer is tied to the tenancy read model's checkpoint (the generation), which moves with every
 * key, store and organization event — in this process at once, from other processes through
 * NOTIFY — so a revoked key is refused from the next request on. Expiry is checked on every hit;
 * the TTL only bounds how stale `lastUsedAt` may get. Failures are never remembered.
 */
export class CredentialResolver {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly db: AnyDb,
    private readonly generation: () => string | null,
    private readonly options: { ttlMs: number; maxEntries: number } = { ttlMs: 30_000, maxEntries: 10_000 },
  ) {}

  async resolve(token: string, xStore: string | undefined, now = new Date()): Promise<RequestCredentials> {
    const key = createHash('sha256')
      .update(token)
      .update('\n')
      .update(xStore ?? '')
      .digest('base64')
    const generation = this.generation()
    const hit = this.entries.get(key)
    if (
      hit &&
      hit.generation === generation &&
      now.getTime() - hit.cachedAt < this.options.ttlMs &&
      !expired(hit.principal, now)
    ) {
      return { principal: hit.principal, store: hit.store }
    }
    const principal = await authenticateApiKey(this.db, token, now)
    const store = await resolveStore(this.db, principal, xStore)
    this.entries.delete(key)
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key, { principal, store, generation, cachedAt: now.getTime() })
    return { principal, store }
  }
}

function expired(principal: Principal, now: Date): boolean {
  return principal.expiresAt !== null && principal.expiresAt.getTime() <= now.getTime()
}
