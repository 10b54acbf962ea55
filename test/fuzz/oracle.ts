import { ERROR_CODES } from '../../domain/shared/errors.js'

/** The codes a refusal may carry: the documented table without INTERNAL_SERVER_ERROR, which is a bug by definition. */
export const DOCUMENTED_CODES: readonly string[] = ERROR_CODES.filter((code) => code !== 'INTERNAL_SERVER_ERROR')

/** What a client learns from an answer, and whether the answer keeps the contract. */
export interface Verdict {
  status: number
  codes: string[]
  /** Errors and no data for the operation: nothing may have changed. */
  refused: boolean
  /** Data for the operation and no error. */
  accepted: boolean
  problems: { problem: string; message: string }[]
}

/** Words of stack traces, SQL and drivers that a message meant for people must not carry. */
const LEAKS =
  /Maximum call stack|RangeError|TypeError|Cannot read propert|\bat .+\.[jt]s:\d+|syntax error at or near|violates .* constraint|invalid input syntax|out of range for type|date\/time field value|relation "|column "|ECONNREFUSED|\bpg_/

/**
 * Checks one answer against the contract of issue 11: never 5xx (503 is for a backend being
 * down, which never happens here), always JSON, every error with a documented code and a
 * message that does not leak internals, and no id of the other tenant in the data.
 */
export function judge(
  status: number,
  body: string,
  operation: string | null,
  foreignIds: readonly string[] = [],
): Verdict {
  const problems: Verdict['problems'] = []
  if (status >= 500) problems.push({ problem: `HTTP ${status}`, message: body.slice(0, 300) })
  let parsed:
    | { data?: Record<string, unknown> | null; errors?: { message?: unknown; extensions?: { code?: unknown } }[] }
    | undefined
  try {
    parsed = JSON.parse(body) as typeof parsed
  } catch {
    problems.push({ problem: 'body is not JSON', message: body.slice(0, 300) })
  }
  const errors = Array.isArray(parsed?.errors) ? parsed!.errors : []
  const codes: string[] = []
  for (const error of errors) {
    const code = typeof error.extensions?.code === 'string' ? error.extensions.code : '(none)'
    const message = typeof error.message === 'string' ? error.message : ''
    codes.push(code)
    if (code === 'INTERNAL_SERVER_ERROR') problems.push({ problem: 'INTERNAL_SERVER_ERROR', message })
    else if (!DOCUMENTED_CODES.includes(code)) problems.push({ problem: `undocumented code ${code}`, message })
    if (LEAKS.test(message)) problems.push({ problem: 'message leaks internals', message: message.slice(0, 300) })
  }
  const data = parsed?.data
  const refused = errors.length > 0 && (data == null || (operation !== null && data[operation] == null))
  const accepted = !errors.length && data != null
  // The request may name another tenant's ids (and a refusal may quote them); the data never shows them.
  const shown = data ? JSON.stringify(data) : ''
  const leaked = foreignIds.find((id) => shown.includes(id))
  if (leaked) problems.push({ problem: "another tenant's id in the data", message: shown.slice(0, 300) })
  return { status, codes, refused, accepted, problems }
}

export interface Finding {
  problem: string
  operation: string
  path: string
  cls: string
  status: number
  message: string
  count: number
  /** The first request that showed it, to replay. */
  example: string
}

/** Failures deduplicated by what failed where: operation, argument path, value class and problem. */
export class Findings {
  private readonly byKey = new Map<string, Finding>()

  add(finding: Omit<Finding, 'count'>): void {
    const key = [finding.problem, finding.operation, finding.path, finding.cls].join('|')
    const known = this.byKey.get(key)
    if (known) known.count++
    else this.byKey.set(key, { ...finding, count: 1, example: finding.example.slice(0, 600) })
  }

  get all(): Finding[] {
    return [...this.byKey.values()]
  }

  /** One line per finding, for the test output and the long form's summary. */
  lines(): string[] {
    return this.all.map(
      (f) =>
        `${f.problem} · ${f.operation} ${f.path} [${f.cls}] ×${f.count} · HTTP ${f.status} · ${f.message.replace(/\s+/g, ' ').slice(0, 160)}`,
    )
  }
}
