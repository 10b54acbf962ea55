import { DomainError } from '../../domain/shared/errors.js'

/**
 * At most `limit` login attempts per key (email and client address) in a sliding window, in this
 * process's memory: crude on purpose. It slows password guessing against one account from one
 * place; it is not shared between API nodes and forgets on restart (the shared, Redis-backed
 * request budgets are a separate concern).
 */
export class LoginLimiter {
  private readonly attempts = new Map<string, number[]>()

  constructor(
    private readonly limit = 5,
    private readonly windowMs = 60_000,
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts one attempt, or throws RATE_LIMITED with `retryAfter` seconds when the budget is spent. */
  take(key: string, now = Date.now()): void {
    const recent = (this.attempts.get(key) ?? []).filter((at) => now - at < this.windowMs)
    if (recent.length >= this.limit) {
      const retryAfter = Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000))
      throw new DomainError(
        'RATE_LIMITED',
        `too many login attempts for this email from here; wait ${retryAfter} s and try again, or reset the password`,
        {
          details: { retryAfter },
        },
      )
    }
    recent.push(now)
    this.attempts.delete(key)
    if (this.attempts.size >= this.maxKeys) this.attempts.delete(this.attempts.keys().next().value!)
    this.attempts.set(key, recent)
  }
}
