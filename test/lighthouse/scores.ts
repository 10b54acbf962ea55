import type { Result } from 'lighthouse'

export interface PageScores {
  page: string
  url: string
  lhr: Result
}

const score = (lhr: Result, category: string): number => Math.round((lhr.categories[category]?.score ?? 0) * 100)

/** One row per page, one column per category, a `!` after a score under the floor. */
export function formatScores(results: PageScores[], categories: string[], floor: number): string {
  const rows = [['page', ...categories]]
  for (const { page, lhr } of results)
    rows.push([page, ...categories.map((c) => `${score(lhr, c)}${score(lhr, c) < floor ? ' !' : ''}`)])
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)))
  return rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')).join('\n')
}

/**
 * For each category under the floor, the audits that cost it points (weighted, not fully passed),
 * so a failing run says what to fix without opening a report. Empty when every score passes.
 */
export function shortfalls(results: PageScores[], categories: string[], floor: number): string[] {
  const lines: string[] = []
  for (const { page, url, lhr } of results) {
    for (const id of categories) {
      if (score(lhr, id) >= floor) continue
      lines.push(`${page} ${id} ${score(lhr, id)} < ${floor} (${url}):`)
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id]
        if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue
        const value = audit.displayValue ? ` (${audit.displayValue})` : ''
        lines.push(`  - ${audit.id}: ${audit.title}${value}, score ${Math.round(audit.score * 100)}`)
      }
    }
  }
  return lines
}
