import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.js'
import { BUILT_IN_PLANS } from './plans.js'

describe('rate-limit configuration', () => {
  it('defaults to the built-in plans, a 1000-point query maximum, and an open /metrics', () => {
    const config = loadConfig({})
    expect(config.rateLimit).toEqual({
      enabled: true,
      plans: BUILT_IN_PLANS,
      maxQueryCost: 1000,
      redisPrefix: 'emporium:ratelimit:',
    })
    expect(config.metricsToken).toBeUndefined()
  })

  it('takes the standard plan from RATE_LIMIT_BUCKET and RATE_LIMIT_RESTORE_PER_SECOND, and other plans from RATE_LIMIT_PLANS', () => {
    const config = loadConfig({
      RATE_LIMIT_BUCKET: '500',
      RATE_LIMIT_RESTORE_PER_SECOND: '2.5',
      RATE_LIMIT_PLANS: 'plus=20000/1000, enterprise=100000/5000',
      RATE_LIMIT_ENABLED: 'false',
    })
    expect(config.rateLimit.enabled).toBe(false)
    expect(config.rateLimit.plans).toEqual({
      standard: { bucket: 500, restorePerSecond: 2.5 },
      advanced: BUILT_IN_PLANS.advanced,
      plus: { bucket: 20000, restorePerSecond: 1000 },
      enterprise: { bucket: 100000, restorePerSecond: 5000 },
    })
  })

  it.each([
    [
      { RATE_LIMIT_PLANS: 'plus:20000' },
      'invalid configuration: RATE_LIMIT_PLANS must be comma-separated name=bucket/restorePerSecond entries such as advanced=2000/100',
    ],
    [{ RATE_LIMIT_BUCKET: '0' }, 'invalid configuration: RATE_LIMIT_BUCKET'],
    [{ RATE_LIMIT_RESTORE_PER_SECOND: '-1' }, 'invalid configuration: RATE_LIMIT_RESTORE_PER_SECOND'],
    [{ METRICS_TOKEN: 'short' }, 'invalid configuration: METRICS_TOKEN must be at least 16 characters'],
  ])('refuses %o at start with a line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })
})
