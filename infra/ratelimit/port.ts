import type { Plan } from './plans.js'

/** A bucket after a take or a refund. */
export interface BucketState {
  /** Whether the points were taken (always true for a refund or a peek). */
  allowed: boolean
  /** Points left in the bucket now. */
  available: number
  /** When refused: seconds until the bucket holds enough, else 0. */
  waitSeconds: number
}

/**
 * Token buckets shared by everything that serves one credential. Every call refills the bucket
 * by the time elapsed since the last one (at `plan.restorePerSecond`, up to `plan.bucket`) and
 * then acts, atomically: `take` removes `cost` points or refuses without removing any; a
 * negative `cost` gives points back (the refund after a query cost less than asked); 0 peeks.
 * A bucket nobody touched for as long as it takes to refill is forgotten: it would be full.
 */
export interface BucketStore {
  take(key: string, cost: number, plan: Plan): Promise<BucketState>
  close(): Promise<void>
}

/** How long an untouched bucket takes to refill completely, in milliseconds: after that it can be dropped. */
export function refillMs(plan: Plan): number {
  return Math.ceil((plan.bucket / plan.restorePerSecond) * 1000)
}
