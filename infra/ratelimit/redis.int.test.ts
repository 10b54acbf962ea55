import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RedisBucketStore } from './redis.js'

// Against the real Redis of REDIS_URL (CI sets it); without it there is no server to test.
const url = process.env.REDIS_URL
const prefix = `emporium-test:${randomUUID()}:`
const slow = { bucket: 20, restorePerSecond: 0.001 }

describe.skipIf(!url)('Redis token buckets', () => {
  let a: RedisBucketStore
  let b: RedisBucketStore
  let raw: Redis
  beforeAll(async () => {
    const fail = (error: Error) => {
      throw error
    }
    a = await RedisBucketStore.open(url!, { prefix, onError: fail })
    b = await RedisBucketStore.open(url!, { prefix, onError: fail })
    raw = new Redis(url!)
  })
  afterAll(async () => {
    const keys = await raw.keys(`${prefix}*`)
    if (keys.length) await raw.del(...keys)
    raw.disconnect()
    await a.close()
    await b.close()
  })

  it('takes, refuses without taking, and says how long to wait', async () => {
    expect(await a.take('take', 15, slow)).toMatchObject({ allowed: true })
    const refused = await a.take('take', 10, slow)
    expect(refused.allowed).toBe(false)
    expect(refused.available).toBeCloseTo(5, 1)
    expect(refused.waitSeconds).toBeGreaterThan(4_000)
    expect(await a.take('take', 5, slow)).toMatchObject({ allowed: true })
  })

  it('refills by the time elapsed on the Redis clock, up to the bucket', async () => {
    const fast = { bucket: 100, restorePerSecond: 1_000 }
    await a.take('refill', 100, fast)
    // Deliberate: the bucket refills by the Redis server's clock, which no fake timer moves.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const after = await a.take('refill', 0, fast)
    expect(after.available).toBeGreaterThanOrEqual(40)
    // Deliberate: long enough on the Redis clock to fill the bucket to the top.
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect((await a.take('refill', 0, fast)).available).toBe(100)
  })

  it('gives refunds back, never beyond the bucket', async () => {
    await a.take('refund', 20, slow)
    expect((await a.take('refund', -8, slow)).available).toBeCloseTo(8, 1)
    expect((await a.take('refund', -100, slow)).available).toBe(20)
  })

  it('is one bucket for every store on the same Redis and prefix, and atomic under concurrency', async () => {
    const takes = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).take('shared', 1, slow)))
    expect(takes.filter((t) => t.allowed)).toHaveLength(20)
  })

  it('lets an untouched bucket expire once it would be full again', async () => {
    await a.take('expiry', 1, { bucket: 10, restorePerSecond: 5 })
    const ttl = await raw.pttl(`${prefix}expiry`)
    expect(ttl).toBeGreaterThan(1_000)
    expect(ttl).toBeLessThanOrEqual(2_000 + 1_000)
  })

  it('fails fast while Redis is unreachable instead of holding the request', async () => {
    const errors: Error[] = []
    const down = await RedisBucketStore.open('redis://127.0.0.1:1', { prefix, onError: (error) => errors.push(error) })
    const started = Date.now()
    await expect(down.take('k', 1, slow)).rejects.toThrow()
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(errors.length).toBeGreaterThan(0)
    await down.close()
  })
})
