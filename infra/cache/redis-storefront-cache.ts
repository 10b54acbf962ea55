import type { Redis } from 'ioredis'
import { openFailFastRedis } from '../redis.js'
import type { CacheLookup, CachedResponse, PurgeRequest, StorefrontCache } from './storefront-cache.js'

// Every key of a store carries `{<storeId>}`, so a Redis Cluster keeps one store's keys in one
// slot and the scripts below may touch the entries their sets name.

/**
 * KEYS: generation, entry, then every set the entry is filed under (all, path, tags).
 * ARGV: the generation the caller read, the entry, its time to live in seconds.
 * Stores nothing when a purge moved the generation since the caller's read.
 */
const SET_SCRIPT = `
if (tonumber(redis.call('GET', KEYS[1])) or 0) ~= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
for i = 3, #KEYS do
  redis.call('SADD', KEYS[i], KEYS[2])
  redis.call('EXPIRE', KEYS[i], ARGV[3])
end
return 1
`

/** KEYS: generation, then the sets to drop with every entry they name. Moves the generation first. */
const PURGE_SCRIPT = `
redis.call('INCR', KEYS[1])
for i = 2, #KEYS do
  for _, entry in ipairs(redis.call('SMEMBERS', KEYS[i])) do redis.call('DEL', entry) end
  redis.call('DEL', KEYS[i])
end
return 1
`

interface WithScripts {
  emporiumCacheSet(keys: number, ...args: (string | number)[]): Promise<number>
  emporiumCachePurge(keys: number, ...args: string[]): Promise<number>
}

export interface RedisCacheOptions {
  prefix: string
  /** How long an entry may live without a purge: a bound on memory, not on freshness. */
  ttlSeconds: number
  onError: (error: Error) => void
}

/**
 * The storefront cache in Redis, shared by every node with the same `REDIS_URL` and prefix.
 * Commands fail fast while Redis is away: the storefront then renders uncached, and the purger
 * retries its purge, so nothing stale outlives an outage.
 */
export class RedisStorefrontCache implements StorefrontCache {
  private constructor(
    private readonly client: Redis & WithScripts,
    private readonly options: RedisCacheOptions,
  ) {}

  static async open(url: string, options: RedisCacheOptions): Promise<RedisStorefrontCache> {
    const client = await openFailFastRedis(url, options.onError, {
      emporiumCacheSet: { lua: SET_SCRIPT },
      emporiumCachePurge: { lua: PURGE_SCRIPT },
    })
    return new RedisStorefrontCache(client as Redis & WithScripts, options)
  }

  async get(storeId: string, key: string): Promise<CacheLookup> {
    const [entry, generation] = await this.client.mget(this.entryKey(storeId, key), this.key(storeId, 'gen'))
    return {
      response: entry ? (JSON.parse(entry) as CachedResponse) : null,
      generation: Number(generation ?? 0),
    }
  }

  async set(storeId: string, key: string, path: string, response: CachedResponse, generation: number) {
    const sets = [
      this.key(storeId, 'all'),
      this.pathSet(storeId, path),
      ...response.surrogateKeys.map((tag) => this.tagSet(storeId, tag)),
    ]
    const keys = [this.key(storeId, 'gen'), this.entryKey(storeId, key), ...sets]
    const stored = await this.client.emporiumCacheSet(
      keys.length,
      ...keys,
      generation,
      JSON.stringify(response),
      this.options.ttlSeconds,
    )
    return stored === 1
  }

  async purge(request: PurgeRequest): Promise<void> {
    const { storeId } = request
    const sets = request.all
      ? [this.key(storeId, 'all')]
      : [
          ...request.paths.map((path) => this.pathSet(storeId, path)),
          ...request.surrogateKeys.map((tag) => this.tagSet(storeId, tag)),
        ]
    const keys = [this.key(storeId, 'gen'), ...sets]
    await this.client.emporiumCachePurge(keys.length, ...keys)
  }

  async close(): Promise<void> {
    this.client.disconnect()
  }

  private key(storeId: string, name: string): string {
    return `${this.options.prefix}{${storeId}}:${name}`
  }

  private entryKey(storeId: string, key: string): string {
    return this.key(storeId, `e:${key}`)
  }

  private pathSet(storeId: string, path: string): string {
    return this.key(storeId, `p:${path}`)
  }

  private tagSet(storeId: string, tag: string): string {
    return this.key(storeId, `t:${tag}`)
  }
}
