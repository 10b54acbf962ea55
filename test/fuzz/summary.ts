import type { FuzzReport } from './run.js'

const table = (title: string, counts: Record<string, number>): string[] => [
  `  ${title}:`,
  ...Object.entries(counts)
    .sort(([, x], [, y]) => y - x)
    .map(([k, n]) => `    ${k.padEnd(24)} ${String(n).padStart(6)}`),
]

/** The summary both forms print: what was sent, how the server answered, what failed. */
export function summarize(report: FuzzReport): string {
  const findings = report.findings.lines()
  return [
    `fuzz summary (seed ${report.seed}; replay with FUZZ_SEED=${report.seed})`,
    `  ${report.requests} requests in ${report.seconds} s: ${report.operations} operations, ${report.paths} argument paths`,
    ...table('by outcome', report.byOutcome),
    ...table('by HTTP status', report.byStatus),
    ...table('by extensions.code', report.byCode),
    `  failures: ${findings.length}`,
    ...findings.map((line) => `    ${line}`),
  ].join('\n')
}
