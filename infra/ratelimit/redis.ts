import type { Redis } from 'ioredis'
import { openFailFastRedis } from '../redis.js'
import type { Plan } from './plans.js'
import { refillMs, type BucketState, type BucketStore } from './port.js'

/**
 * One atomic step on a bucket (a hash of `tokens` and `at`, the server's clock in ms): refill
 * by the time elapsed since `at`, then take ARGV[3] points (a negative number gives points back,
 * 0 peeks). The server's TIME, not the callers' clocks, so nodes with skewed clocks agree.
 * Returns {allowed, available, waitSeconds}; numbers as strings, since Redis would truncate
 * Lua numbers to integers.
 */
const TAKE_SCRIPT = `
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local ttl = tonumber(ARGV[4])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(saved[1])
local at = tonumber(saved[2])
if tokens == nil or at == nil then
  tokens = capacity
else
  tokens = math.min(capacity, tokens + math.max(0, now - at) * rate / 1000)
end
local allowed = 1
local wait = 0
if cost <= 0 then
  tokens = math.min(capacity, tokens - cost)
elseif tokens >= cost then
  tokens = tokens - cost
else
  allowed = 0
  wait = (cost - tokens) / rate
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], ttl)
return {allowed, tostring(tokens), tostring(wait)}
`

interface WithTakeCommand {
  emporiumTakeTokens(
    key: string,
    capacity: number,
    rate: number,
    cost: number,
    ttlMs: number,
  ): Promise<[number, string, string]>
}

/**
 * Buckets in Redis, shared by every API node that uses the same `REDIS_URL` and prefix. Commands
 * fail fast while Redis is unreachable (no offline queue, a short command timeout) instead of
 * holding requests; the rate limiter decides what a failure means.
 */
export class RedisBucketStore implements BucketStore {
  private constructor(
    private readonly client: Redis & WithTakeCommand,
    private readonly prefix: string,
  ) {}

  /**
   * Connects to `url`; `onError` hears connection trouble (the client keeps reconnecting on its
   * own). A server that is down at start is not fatal: the store answers once it is back.
   */
  static async open(
    url: string,
    options: { prefix: string; onError: (error: Error) => void },
  ): Promise<RedisBucketStore> {
    // Budgets are enforced again within a second of Redis coming back.
    const client = await openFailFastRedis(url, options.onError, {
      emporiumTakeTokens: { numberOfKeys: 1, lua: TAKE_SCRIPT },
    })
    return new RedisBucketStore(client as Redis & WithTakeCommand, options.prefix)
  }

  async take(key: string, cost: number, plan: Plan): Promise<BucketState> {
    // A bucket untouched for a whole refill would be full: let Redis drop it a second after that.
    const ttlMs = refillMs(plan) + 1_000
    const [allowed, available, wait] = await this.client.emporiumTakeTokens(
      this.prefix + key,
      plan.bucket,
      plan.restorePerSecond,
      cost,
      ttlMs,
    )
    return { allowed: allowed === 1, available: Number(available), waitSeconds: Number(wait) }
  }

  async close(): Promise<void> {
    this.client.disconnect()
  }
}
