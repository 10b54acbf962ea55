import { describe, expect, it } from 'vitest'
import { runChaos } from './chaos.js'
import { faultDatabaseAvailable } from './support/fault-database.js'

/** The short form of `npm run chaos`: two kill -9 cycles under write load, then the audit. */
describe.skipIf(!faultDatabaseAvailable())('kill -9 during write load', () => {
  it('loses no acknowledged write and applies no event twice', { timeout: 150_000 }, async () => {
    const report = await runChaos({ cycles: 2 })
    expect(report.acknowledged).toBeGreaterThanOrEqual(10)
    expect(report).toMatchObject({ lostFromLog: 0, lostFromReadModel: 0, doubled: [], skipped: [] })
    expect(report.productRows).toBe(report.createdEvents)
    // A write without a success answer had its connection cut by the kill; nothing answered an error.
    expect(Object.keys(report.refused).filter((code) => code !== 'CLIENT_ERROR')).toEqual([])
  })
})
