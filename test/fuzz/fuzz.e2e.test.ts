import { describe, expect, it } from 'vitest'
import { useTestApp } from '../support/app.js'
import { seedFrom } from './prng.js'
import { runFuzz } from './run.js'
import { summarize } from './summary.js'

/**
 * The schema fuzz of issue 11. Short form (CI): a fixed seed, FUZZ_CASES (default 1) malformed
 * values per argument path, every operation and path covered. Long form (`npm run fuzz`, with
 * FUZZ_LONG=1): a random seed unless FUZZ_SEED is set, 6 values per path unless FUZZ_CASES says.
 */
const long = process.env.FUZZ_LONG === '1'
const seed = seedFrom(process.env.FUZZ_SEED, () => (long ? Date.now() : 20261125))
const perPath = Number(process.env.FUZZ_CASES ?? (long ? 6 : 1))

describe('schema fuzz', () => {
  // Writes wait this long for their read models: a halted projection shows as a slow request, not a stall.
  const t = useTestApp({ config: { readWaitMs: 3_000 } })

  it(
    `malformed values to every argument of every operation never crash, leak, write or halt anything (seed ${seed})`,
    { timeout: long ? 3_600_000 : 180_000 },
    async () => {
      const report = await runFuzz(t, {
        seed,
        perPath,
        verbose: process.env.FUZZ_VERBOSE === '1',
        log: (line) => console.log(line),
      })
      console.log(summarize(report))
      expect(report.operations).toBeGreaterThan(100)
      expect(report.findings.lines()).toEqual([])
    },
  )
})
