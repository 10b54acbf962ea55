import { describe, expect, it } from 'vitest'
import { MemoryBucketStore } from './memory.js'

const plan = { bucket: 100, restorePerSecond: 10 }

function store() {
  let now = 1_000_000
  const buckets = new MemoryBucketStore(() => now)
  return { buckets, advance: (ms: number) => (now += ms) }
}

describe('memory token buckets', () => {
  it('starts full and takes the cost', async () => {
    const { buckets } = store()
    expect(await buckets.take('k', 30, plan)).toEqual({ allowed: true, available: 70, waitSeconds: 0 })
    expect(await buckets.take('k', 70, plan)).toEqual({ allowed: true, available: 0, waitSeconds: 0 })
  })

  it('refuses a cost larger than what is left, takes nothing, and says how long to wait', async () => {
    const { buckets } = store()
    await buckets.take('k', 95, plan)
    expect(await buckets.take('k', 30, plan)).toEqual({ allowed: false, available: 5, waitSeconds: 2.5 })
    expect(await buckets.take('k', 5, plan)).toEqual({ allowed: true, available: 0, waitSeconds: 0 })
  })

  it('refills at the restore rate, never beyond the bucket', async () => {
    const { buckets, advance } = store()
    await buckets.take('k', 100, plan)
    advance(2_500)
    expect(await buckets.take('k', 0, plan)).toMatchObject({ available: 25 })
    advance(60_000)
    expect(await buckets.take('k', 0, plan)).toMatchObject({ available: 100 })
  })

  it('is allowed again once the wait it announced has passed', async () => {
    const { buckets, advance } = store()
    await buckets.take('k', 100, plan)
    const refused = await buckets.take('k', 40, plan)
    expect(refused.allowed).toBe(false)
    advance(refused.waitSeconds * 1000)
    expect(await buckets.take('k', 40, plan)).toMatchObject({ allowed: true, available: 0 })
  })

  it('takes a refund back, up to the bucket', async () => {
    const { buckets } = store()
    await buckets.take('k', 80, plan)
    expect(await buckets.take('k', -50, plan)).toMatchObject({ allowed: true, available: 70 })
    expect(await buckets.take('k', -500, plan)).toMatchObject({ available: 100 })
  })

  it('keeps one bucket per key', async () => {
    const { buckets } = store()
    await buckets.take('a', 100, plan)
    expect(await buckets.take('b', 100, plan)).toMatchObject({ allowed: true })
    expect(await buckets.take('a', 1, plan)).toMatchObject({ allowed: false })
  })

  it('forgets buckets that have refilled, and they come back full', async () => {
    const { buckets, advance } = store()
    await buckets.take('k', 100, plan)
    advance(120_000)
    await buckets.take('other', 1, plan)
    expect((buckets as unknown as { buckets: Map<string, unknown> }).buckets.has('k')).toBe(false)
    expect(await buckets.take('k', 0, plan)).toMatchObject({ available: 100 })
  })
})
