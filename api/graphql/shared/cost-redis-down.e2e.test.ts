import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../infra/config.js'
import { useTestApp, useTenant } from '../../../test/support/app.js'

// When the buckets' Redis is unreachable the API keeps answering, unlimited (fail-open), and
// says so in the metrics. Nothing listens on port 1.

const defaults = loadConfig({}).rateLimit

const t = useTestApp({
  config: {
    redisUrl: 'redis://127.0.0.1:1',
    rateLimit: { ...defaults, plans: { ...defaults.plans, standard: { bucket: 15, restorePerSecond: 0.01 } } },
  },
})
const shop = useTenant(t, 'redis-down')

describe('rate limits while Redis is down', () => {
  it('lets requests through past the budget, reports a full bucket, and counts the failures', async () => {
    const create = 'mutation { productCreate(input: { title: "Unlimited" }) { product { id } } }'
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${shop.apiKey}` },
        payload: JSON.stringify({ query: create }),
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        data: { productCreate: { product: { id: expect.any(String) } } },
        extensions: { cost: { requestedQueryCost: 11, throttleStatus: { currentlyAvailable: 15 } } },
      })
    }
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' })
    // Each mutation took once and, costing what it asked, needed no refund.
    expect(metrics.body).toContain('\nemporium_rate_limit_store_errors_total 3\n')
  })
})
