import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../../infra/config.js'
import { startTestApp, type Tenant, type TestApp } from '../support/app.js'
import { requireBinary, startPrivateRedis, type PrivateRedis } from './support/private-servers.js'

/**
 * The rate limiter's Redis lost and back, on a private `redis-server` (the shared one on 6379
 * serves everyone else): while it is gone requests go through unlimited (fail open, never 500),
 * and once it answers again budgets are enforced again, with no restart of the API. Also when
 * Redis is down from the start.
 */
const runs = requireBinary('redis-server')
const defaults = loadConfig({}).rateLimit
// 40 points that hardly refill during the test: three mutations of about 11 points fit, the fourth is refused.
const rateLimit = {
  ...defaults,
  redisPrefix: 'emporium-fault:',
  plans: { ...defaults.plans, standard: { bucket: 40, restorePerSecond: 0.01 } },
}
const CREATE = 'mutation ($title: String!) { productCreate(input: { title: $title }) { product { id } } }'

describe.skipIf(!runs)('Redis lost and back', () => {
  let redis: PrivateRedis
  let t: TestApp
  let shop: Tenant
  let sequence = 0

  beforeAll(async () => {
    redis = await startPrivateRedis()
    await redis.kill()
    t = await startTestApp({ config: { redisUrl: redis.url, rateLimit } })
    shop = await t.tenant('redis-loss')
  })

  afterAll(async () => {
    await t?.close()
    await redis?.stop()
  })

  const mutate = async (): Promise<{ status: number; code: string | undefined }> => {
    const response = await t.gql(shop.apiKey, CREATE, { title: `redis ${++sequence}` })
    return { status: response.status, code: response.errors?.[0]?.extensions.code }
  }

  /**
   * Mutations until one is refused for its budget (polled, bounded): the limiter is enforcing
   * again. Until the client has reconnected they go through, and nothing else may answer. The
   * bound counts the mutations' own time too (a try still running when it passes fails).
   */
  const limitedWithin = async (timeoutMs: number): Promise<void> => {
    const answers: { status: number; code: string | undefined }[] = []
    await vi.waitFor(
      async () => {
        const answer = await mutate()
        answers.push(answer)
        if (answer.code !== 'RATE_LIMITED') throw new Error(`no RATE_LIMITED yet: ${JSON.stringify(answers.slice(-5))}`)
      },
      { timeout: timeoutMs, interval: 50 },
    )
    expect(answers.slice(0, -1)).toEqual(answers.slice(0, -1).map(() => ({ status: 200, code: undefined })))
  }

  it('fails open while Redis is gone and enforces budgets again once it is back', { timeout: 60_000 }, async () => {
    // Down from the start: unlimited, and nothing fails.
    const unlimited = [await mutate(), await mutate(), await mutate(), await mutate(), await mutate()]
    expect(unlimited).toEqual(Array.from({ length: 5 }, () => ({ status: 200, code: undefined })))

    await redis.start()
    await limitedWithin(10_000)
    expect(await mutate()).toEqual({ status: 429, code: 'RATE_LIMITED' })

    // Lost mid-run: the spent budget is gone with it, and requests go through again.
    await redis.kill()
    const during = [await mutate(), await mutate(), await mutate(), await mutate(), await mutate()]
    expect(during).toEqual(Array.from({ length: 5 }, () => ({ status: 200, code: undefined })))

    await redis.start()
    await limitedWithin(10_000)
    expect(await mutate()).toEqual({ status: 429, code: 'RATE_LIMITED' })
  })
})
