import { describe, expect, it } from 'vitest'
import { DomainError } from '../../domain/shared/errors.js'
import { LoginLimiter } from './login-limiter.js'

describe('LoginLimiter', () => {
  it('allows 5 attempts a minute per key, then RATE_LIMITED with the seconds to wait', () => {
    const limiter = new LoginLimiter()
    for (let i = 0; i < 5; i++) limiter.take('ann@example.com|1.2.3.4', 1_000 + i)
    let refused: unknown
    try {
      limiter.take('ann@example.com|1.2.3.4', 20_000)
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(DomainError)
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfter: 41 } })
    // Other keys have budgets of their own; the window slides.
    expect(() => limiter.take('ann@example.com|5.6.7.8', 20_000)).not.toThrow()
    expect(() => limiter.take('ann@example.com|1.2.3.4', 61_001)).not.toThrow()
  })

  it('forgets the oldest key when full', () => {
    const limiter = new LoginLimiter(1, 60_000, 2)
    limiter.take('a', 0)
    limiter.take('b', 0)
    limiter.take('c', 0)
    expect(() => limiter.take('a', 1)).not.toThrow()
    expect(() => limiter.take('c', 1)).toThrow('too many login attempts')
  })
})
