/** A rate-limit plan: the bucket a credential starts with and how fast it refills. */
export interface Plan {
  /** Most cost points a bucket holds (and the largest burst). */
  bucket: number
  /** Points restored per second, up to `bucket`. */
  restorePerSecond: number
}

/** The limiter's configuration, read from the environment by config.ts. */
export interface RateLimitSettings {
  enabled: boolean
  /** Plans by name; must hold `standard`, the plan of organizations without one. */
  plans: Readonly<Record<string, Plan>>
  /** The largest cost one query may ask for (capped at the plan's bucket). */
  maxQueryCost: number
  /** Redis key prefix of the buckets, so several deployments may share one Redis. */
  redisPrefix: string
}

/** Plans are keyed by the organization's plan; organizations without one are on this plan. */
export const DEFAULT_PLAN = 'standard'

/** Requests without a credential spend per client address from this plan when `RATE_LIMIT_PLANS` sets it, else from the default one. */
export const ANONYMOUS_PLAN = 'anonymous'

/**
 * The built-in plans, after Shopify's: a bigger plan holds a bigger burst and refills faster.
 * `RATE_LIMIT_BUCKET` / `RATE_LIMIT_RESTORE_PER_SECOND` set the standard plan and
 * `RATE_LIMIT_PLANS` sets or adds any other (see `parsePlans`).
 */
export const BUILT_IN_PLANS: Readonly<Record<string, Plan>> = {
  standard: { bucket: 1_000, restorePerSecond: 50 },
  advanced: { bucket: 2_000, restorePerSecond: 100 },
  plus: { bucket: 10_000, restorePerSecond: 500 },
}

const PLAN_ENTRY = /^([a-z][a-z0-9_-]*)=(\d+)\/(\d+(?:\.\d+)?)$/

/**
 * Reads `RATE_LIMIT_PLANS`: comma-separated `name=bucket/restorePerSecond` entries.
 *
 * @example parsePlans('advanced=4000/200, enterprise=50000/1000')
 * @returns the plans, or the text of the first entry that is not of that form
 */
export function parsePlans(text: string): { plans: Record<string, Plan> } | { invalid: string } {
  const plans: Record<string, Plan> = {}
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = PLAN_ENTRY.exec(entry)
    const bucket = Number(match?.[2])
    const restorePerSecond = Number(match?.[3])
    if (!match || bucket < 1 || restorePerSecond <= 0) return { invalid: entry }
    plans[match[1]!] = { bucket, restorePerSecond }
  }
  return { plans }
}
