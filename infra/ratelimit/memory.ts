import type { Plan } from './plans.js'
import { refillMs, type BucketState, type BucketStore } from './port.js'

interface Bucket {
  tokens: number
  /** Clock reading (ms) of the last refill. */
  at: number
  /** Clock reading (ms) after which the bucket is full again and may be dropped. */
  fullAt: number
}

/** How often full buckets are swept out of memory, in milliseconds of the clock. */
const SWEEP_EVERY_MS = 60_000

/**
 * Buckets in this process's memory: the default when `REDIS_URL` is not set. Each API node then
 * keeps its own buckets, so N nodes behind a load balancer allow up to N times the budget.
 * The clock is injectable so tests need no timers.
 */
export class MemoryBucketStore implements BucketStore {
  private readonly buckets = new Map<string, Bucket>()
  private nextSweep: number

  constructor(private readonly clock: () => number = Date.now) {
    this.nextSweep = clock() + SWEEP_EVERY_MS
  }

  async take(key: string, cost: number, plan: Plan): Promise<BucketState> {
    const now = this.clock()
    this.sweep(now)
    const bucket = this.buckets.get(key)
    const elapsed = bucket ? Math.max(0, now - bucket.at) : 0
    const tokens = bucket
      ? Math.min(plan.bucket, bucket.tokens + (elapsed * plan.restorePerSecond) / 1000)
      : plan.bucket
    const state = settle(tokens, cost, plan)
    this.buckets.set(key, { tokens: state.available, at: now, fullAt: now + refillMs(plan) })
    return state
  }

  async close(): Promise<void> {
    this.buckets.clear()
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return
    this.nextSweep = now + SWEEP_EVERY_MS
    for (const [key, bucket] of this.buckets) if (bucket.fullAt <= now) this.buckets.delete(key)
  }
}

/** The token-bucket rule on refilled `tokens`, the same as the Redis script's. */
export function settle(tokens: number, cost: number, plan: Plan): BucketState {
  if (cost <= 0) return { allowed: true, available: Math.min(plan.bucket, tokens - cost), waitSeconds: 0 }
  if (tokens >= cost) return { allowed: true, available: tokens - cost, waitSeconds: 0 }
  return { allowed: false, available: tokens, waitSeconds: (cost - tokens) / plan.restorePerSecond }
}
