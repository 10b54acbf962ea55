import { describe, expect, it } from 'vitest'
import { useTestApp } from '../support/app.js'
import { storefrontEndpoint } from './endpoint.js'
import { seedFrom } from './prng.js'
import { runFuzz } from './run.js'
import { summarize } from './summary.js'

/**
 * The schema fuzz against the public storefront API, which strangers reach with a token any
 * page may embed: every query and cart mutation gets malformed values, another store's ids and
 * hostile documents. Same oracle as the admin fuzz: never 5xx, a documented code, no leak, no
 * write on refusal, nothing halted, the other tenant untouched. Long form: `FUZZ_LONG=1`.
 */
const long = process.env.FUZZ_LONG === '1'
const seed = seedFrom(process.env.FUZZ_SEED, () => (long ? Date.now() : 20261126))
const perPath = Number(process.env.FUZZ_CASES ?? (long ? 6 : 2))

describe('storefront API fuzz', () => {
  const t = useTestApp({
    // The per-IP budget would answer most cases 429 before they reach the resolvers.
    config: { readWaitMs: 3_000, storefrontApiRateLimit: { bucket: 1_000_000, restorePerSecond: 1_000_000 } },
  })

  it(
    `malformed values to every storefront operation never crash, leak or touch another store (seed ${seed})`,
    { timeout: long ? 3_600_000 : 180_000 },
    async () => {
      const report = await runFuzz(t, {
        seed,
        perPath,
        endpoint: storefrontEndpoint,
        verbose: process.env.FUZZ_VERBOSE === '1',
        log: (line) => console.log(line),
      })
      console.log(summarize(report))
      expect(report.operations).toBeGreaterThan(10)
      expect(report.findings.lines()).toEqual([])
    },
  )
})
