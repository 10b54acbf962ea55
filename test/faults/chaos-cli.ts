/**
 * `npm run chaos [-- --cycles N]`: the long form of the kill -9 fault run (20 cycles by
 * default), on a fresh database of DATABASE_URL or a private cluster. Prints the figures and
 * exits 1 when a write was lost or an event applied twice.
 */
import { parseArgs } from 'node:util'
import { runChaos } from './chaos.js'

const { values } = parseArgs({ options: { cycles: { type: 'string', default: '20' } } })
const cycles = Number(values.cycles)
if (!Number.isInteger(cycles) || cycles < 1)
  throw new Error(`--cycles must be a positive integer, got '${values.cycles}'`)
const report = await runChaos({ cycles, log: (line) => process.stdout.write(`${line}\n`) })
const lost = report.lostFromLog + report.lostFromReadModel
process.stdout.write(
  [
    `cycles:               ${report.cycles}`,
    `writes acknowledged:  ${report.acknowledged}`,
    `writes refused:       ${JSON.stringify(report.refused)}`,
    `lost:                 ${lost} (log ${report.lostFromLog}, read models ${report.lostFromReadModel})`,
    `doubled:              ${report.doubled.length} ${JSON.stringify(report.doubled)}`,
    `skipped:              ${report.skipped.length} ${JSON.stringify(report.skipped)}`,
    `products vs events:   ${report.productRows} rows, ${report.createdEvents} ProductCreated`,
    `elapsed:              ${(report.elapsedMs / 1000).toFixed(1)} s`,
    '',
  ].join('\n'),
)
process.exit(
  lost === 0 &&
    report.doubled.length === 0 &&
    report.skipped.length === 0 &&
    report.productRows === report.createdEvents
    ? 0
    : 1,
)
