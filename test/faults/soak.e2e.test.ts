import { describe, expect, it } from 'vitest'
import { growthBeyondTolerance, runSoak } from './soak.js'
import { faultDatabaseAvailable } from './support/fault-database.js'

/**
 * The short form of `npm run soak`: ~24 s of mixed reads, writes and uploads against a real
 * server process. The later half of the run may not hold more memory or handles than the earlier
 * half beyond a tolerance (a leak grows with the requests served; warm-up is left out).
 */
describe.skipIf(!faultDatabaseAvailable())('soak', () => {
  it('keeps memory and open handles flat under mixed load', { timeout: 120_000 }, async () => {
    const report = await runSoak({ durationMs: 24_000, sampleEveryMs: 2_000 })
    expect(report.failures).toEqual({})
    expect(report.requests.read).toBeGreaterThan(0)
    expect(report.requests.write).toBeGreaterThan(0)
    expect(report.requests.upload).toBeGreaterThan(0)
    expect(growthBeyondTolerance(report)).toEqual([])
  })
})
