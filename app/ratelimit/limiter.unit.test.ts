import { describe, expect, it } from 'vitest'
import type { Principal } from '../auth/authenticate.js'
import { createLogger } from '../../infra/logging/logger.js'
import { RateLimiter } from './limiter.js'
import { MemoryBucketStore } from '../../infra/ratelimit/memory.js'
import { BUILT_IN_PLANS, parsePlans, type RateLimitSettings } from '../../infra/ratelimit/plans.js'
import type { BucketStore } from '../../infra/ratelimit/port.js'

const principal = (keyId: string): Principal => ({
  type: 'api_key',
  keyId,
  organizationId: 'org',
  scopes: [],
  storeIds: null,
  name: 'k',
  expiresAt: null,
})
const settings: RateLimitSettings = {
  enabled: true,
  plans: { ...BUILT_IN_PLANS, standard: { bucket: 100, restorePerSecond: 10 } },
  maxQueryCost: 1000,
  redisPrefix: 'test:',
}
const logger = createLogger('silent')

describe('rate limiter', () => {
  it('reports the bucket as throttleStatus and whole seconds to wait', async () => {
    let now = 0
    const limiter = new RateLimiter(new MemoryBucketStore(() => now), settings, logger)
    expect(await limiter.take(principal('a'), 90)).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
      status: { maximumAvailable: 100, currentlyAvailable: 10, restoreRate: 10 },
    })
    const refused = await limiter.take(principal('a'), 31)
    expect(refused).toEqual({
      allowed: false,
      retryAfterSeconds: 3,
      status: { maximumAvailable: 100, currentlyAvailable: 10, restoreRate: 10 },
    })
    now += 500
    expect(await limiter.refund(principal('a'), 20)).toEqual({
      maximumAvailable: 100,
      currentlyAvailable: 35,
      restoreRate: 10,
    })
    expect(await limiter.peek(principal('b'))).toMatchObject({ currentlyAvailable: 100 })
  })

  it('caps the cost of one query at the plan bucket', () => {
    const limiter = new RateLimiter(null, settings, logger)
    expect(limiter.maxQueryCost(principal('a'))).toBe(100)
    expect(new RateLimiter(null, { ...settings, maxQueryCost: 50 }, logger).maxQueryCost(principal('a'))).toBe(50)
  })

  it('picks the plan of the organization, and the standard plan when it has none or an unknown one', () => {
    const plans = new Map([
      ['org-plus', 'plus'],
      ['org-odd', 'legacy'],
    ])
    const limiter = new RateLimiter(null, settings, logger, undefined, (p) => plans.get(p.organizationId))
    expect(limiter.planFor({ ...principal('a'), organizationId: 'org-plus' })).toEqual(BUILT_IN_PLANS.plus)
    expect(limiter.planFor({ ...principal('a'), organizationId: 'org-odd' })).toEqual(settings.plans.standard)
    expect(limiter.planFor(principal('a'))).toEqual(settings.plans.standard)
  })

  it('lets requests through when the bucket store fails, and reports it', async () => {
    const broken: BucketStore = {
      take: () => Promise.reject(new Error('connection refused')),
      close: async () => undefined,
    }
    let failures = 0
    const limiter = new RateLimiter(broken, settings, logger, { storeFailed: () => failures++ })
    expect(await limiter.take(principal('a'), 99)).toMatchObject({ allowed: true, status: { currentlyAvailable: 100 } })
    expect(failures).toBe(1)
  })

  it('limits nothing when disabled', async () => {
    const limiter = new RateLimiter(null, { ...settings, enabled: false }, logger)
    for (let i = 0; i < 5; i++) expect((await limiter.take(principal('a'), 100)).allowed).toBe(true)
  })
})

describe('plans from RATE_LIMIT_PLANS', () => {
  it('reads name=bucket/restorePerSecond entries', () => {
    expect(parsePlans('advanced=4000/200, enterprise=50000/1000.5')).toEqual({
      plans: {
        advanced: { bucket: 4000, restorePerSecond: 200 },
        enterprise: { bucket: 50000, restorePerSecond: 1000.5 },
      },
    })
  })

  it.each(['advanced', 'advanced=4000', 'Advanced=1/1', 'x=0/1', 'x=10/0'])('refuses %s', (text) => {
    expect(parsePlans(text)).toEqual({ invalid: text })
  })
})
