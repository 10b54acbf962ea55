import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../app.js'
import { loadConfig } from '../../../infra/config.js'
import type { Database } from '../../../infra/database/database.js'
import { createLogger } from '../../../infra/logging/logger.js'
import { Platform } from '../../../app/platform.js'
import { startTestApp, type Tenant, type TestApp } from '../../../test/support/app.js'
import { openSecondConnection } from '../../../test/support/database.js'
import { allPlatformParts } from '../../../app/all-parts.js'

// Two API nodes (two platforms, two apps) on one database and one Redis: a key's budget is one
// budget, whichever node its requests reach. Needs the real Redis of REDIS_URL (CI sets it).

const redisUrl = process.env.REDIS_URL
const prefix = `emporium-test:${randomUUID()}:`
const defaults = loadConfig({}).rateLimit
// 40 points that hardly refill during the test: exactly three mutations of 11 fit.
const rateLimit = {
  ...defaults,
  redisPrefix: prefix,
  plans: { ...defaults.plans, standard: { bucket: 40, restorePerSecond: 0.01 } },
}
const CREATE = 'mutation ($title: String!) { productCreate(input: { title: $title }) { product { id } } }'

describe.skipIf(!redisUrl)('two API nodes sharing Redis', () => {
  let t: TestApp
  let shop: Tenant
  let second: { app: App; platform: Platform; database: Database }

  beforeAll(async () => {
    t = await startTestApp({ config: { redisUrl, rateLimit } })
    shop = await t.tenant('shared-budget')
    const database = await openSecondConnection(t.test)
    const config = { ...t.platform.config }
    const platform = await Platform.open(config, createLogger('silent'), allPlatformParts, {
      runProjections: false,
      database,
    })
    second = { app: await buildApp(platform), platform, database }
  })

  afterAll(async () => {
    await second.app.close()
    // On PGlite both nodes share one in-process database, which the first node closes.
    if (second.database === t.test.database) await second.platform.waiter.stop()
    else await second.platform.close()
    await t.close()
    const redis = new Redis(redisUrl!)
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    redis.disconnect()
  })

  const mutate = (app: App, title: string) =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${shop.apiKey}` },
      payload: JSON.stringify({ query: CREATE, variables: { title } }),
    })

  it('enforces one budget across both nodes', async () => {
    const nodes = [t.app, second.app]
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await mutate(nodes[i % 2]!, `Shared ${i}`)).statusCode)
    // Each node alone would have let three through: together they let three through, not six.
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429])

    const refused = await mutate(second.app, 'one more')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(100)
    const body = refused.json<{
      errors: { extensions: { code: string; retryAfter: number } }[]
      extensions: { cost: { throttleStatus: { currentlyAvailable: number } } }
    }>()
    expect(body.errors[0]!.extensions).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfter: Number(refused.headers['retry-after']),
    })
    expect(body.extensions.cost.throttleStatus.currentlyAvailable).toBe(7)
  })
})
