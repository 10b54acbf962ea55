/**
 * `npm run soak [-- --minutes N]`: the long form of the soak (10 minutes by default) on a fresh
 * database of DATABASE_URL or a private cluster. Prints a sample every 10 s and the figures;
 * exits 1 when memory or handles grew beyond the tolerance of the short form.
 */
import { parseArgs } from 'node:util'
import { growthBeyondTolerance, mb, runSoak } from './soak.js'

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '10' } } })
const minutes = Number(values.minutes)
if (!(minutes > 0)) throw new Error(`--minutes must be a positive number, got '${values.minutes}'`)
const report = await runSoak({
  durationMs: minutes * 60_000,
  sampleEveryMs: 10_000,
  log: (line) => process.stdout.write(`${line}\n`),
})
const measured = report.samples.filter((s) => s.atMs >= report.durationMs / 5)
const first = measured[0] ?? report.samples[0]!
const last = report.samples.at(-1)!
const { earlier, later } = report
const grown = growthBeyondTolerance(report)
const flat = Object.keys(report.failures).length === 0 && grown.length === 0
process.stdout.write(
  [
    '',
    `duration:         ${(report.durationMs / 60_000).toFixed(1)} min`,
    `requests:         ${JSON.stringify(report.requests)}`,
    `failures:         ${JSON.stringify(report.failures)}`,
    `rss:              ${mb(first.rss)} after warm-up -> ${mb(last.rss)} at the end (half means ${mb(earlier.rss)} -> ${mb(later.rss)})`,
    `heap after GC:    ${mb(first.heapUsed)} -> ${mb(last.heapUsed)} (half means ${mb(earlier.heapUsed)} -> ${mb(later.heapUsed)})`,
    `active handles:   ${first.handles} -> ${last.handles} (half means ${earlier.handles.toFixed(1)} -> ${later.handles.toFixed(1)})`,
    `open fds:         ${first.fds} -> ${last.fds} (half means ${earlier.fds.toFixed(1)} -> ${later.fds.toFixed(1)})`,
    `verdict:          ${flat ? 'flat' : `GROWING ${grown.join(', ')} or failing`}`,
    '',
  ].join('\n'),
)
process.exit(flat ? 0 : 1)
