import type { InjectOptions } from 'fastify'
import type { Tenant, TestApp } from '../support/app.js'
import { adminEndpoint, ask, type FuzzEndpoint } from './endpoint.js'
import { casesFor, type GraphQLCase } from './cases.js'
import { discover, seedResources } from './fixtures.js'
import { httpCases } from './http-cases.js'
import { nestedCases } from './nested-cases.js'
import { Findings, judge } from './oracle.js'
import { Rng } from './prng.js'
import { introspect, type Operation, type SchemaModel } from './schema-model.js'
import type { FuzzWorld } from './world.js'

export interface FuzzOptions {
  seed: number
  /** Malformed values drawn per argument path. */
  perPath: number
  log: (line: string) => void
  /** Log every answer (FUZZ_VERBOSE=1): case, status, codes and the first message. */
  verbose?: boolean
  /** Which API is fuzzed; the admin API when not given. */
  endpoint?: (t: TestApp, tenants: readonly Tenant[]) => Promise<FuzzEndpoint>
}

export interface FuzzReport {
  seed: number
  requests: number
  operations: number
  paths: number
  byStatus: Record<string, number>
  byCode: Record<string, number>
  byOutcome: Record<string, number>
  findings: Findings
  seconds: number
}

/** Health is read this often (in requests), and after any request slower than SLOW_MS. */
const HEALTH_EVERY = 100
const SLOW_MS = 1_000
/**
 * Slower than this, one request is an amplification an attacker can repeat (writes wait at most
 * READ_WAIT_MS = 3 s for their read models); generous for a loaded 2-core machine.
 */
const TOO_SLOW_MS = 15_000
/** Writes that remove what later cases point at go last, and those that shut tenant A out at the very end. */
const DESTRUCTIVE = /Delete|Remove|Revoke|Rotate|logout/
const TERMINAL = /storeArchive|OwnershipTransfer/
const rank = (op: Operation): number =>
  op.kind === 'query' ? 0 : TERMINAL.test(op.field.name) ? 3 : DESTRUCTIVE.test(op.field.name) ? 2 : 1

interface Sent {
  operation: string
  path: string
  cls: string
  body: string
}

/**
 * Runs the fuzz against `t`: two tenants with one of everything, the schema from introspection
 * with A's key, then every case; returns what it saw. Never throws for what the server does:
 * every broken promise becomes a finding.
 */
export async function runFuzz(t: TestApp, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now()
  const rng = new Rng(options.seed)
  const findings = new Findings()
  const [a, b] = [await t.tenant('fuzz-a'), await t.tenant('fuzz-b')]
  await Promise.all([seedResources(t, a), seedResources(t, b)])
  const endpoint = options.endpoint ? await options.endpoint(t, [a, b]) : adminEndpoint
  const model: SchemaModel = await introspect((query) => ask(t, endpoint, a, query))
  const world: FuzzWorld = { a: await discover(t, a, model, endpoint), b: await discover(t, b, model, endpoint) }
  const before = await victimState(t, world)

  const idTypes = [...new Set([...world.a.ids.keys(), ...world.b.ids.keys()])]
  const ctx = { operation: '', types: model.types, world, rng, idTypes, classUses: new Map<string, number>() }
  const ordered = [...model.operations].sort((x, y) => rank(x) - rank(y))
  const cases: GraphQLCase[] = []
  for (const op of ordered) {
    cases.push(...casesFor(op, { ...ctx, operation: op.field.name }, options.perPath))
    // Nested arguments go with the queries, before any write removes what they reach.
    if (op === ordered.findLast((o) => o.kind === 'query'))
      cases.push(...nestedCases(model.operations, ctx, options.perPath))
  }
  options.log(
    `fuzz: seed ${options.seed}, ${model.operations.length} operations, ${new Set(cases.map((c) => `${c.operation}.${c.path}`)).size} argument paths, ${cases.length} GraphQL cases`,
  )

  const byStatus: Record<string, number> = {}
  const byCode: Record<string, number> = {}
  const byOutcome: Record<string, number> = {}
  // Only B's own ids: one both tenants see (an actor such as the CLI's 'cli' in both audit logs) is no leak.
  const ownIds = new Set([...world.a.ids.values()].flat())
  const foreignIds = [...world.b.ids.values()].flat().filter((id) => !ownIds.has(id))
  let requests = 0
  let sinceHealth: Sent[] = []
  const health = async (): Promise<boolean> => {
    const problem = await healthProblem(t)
    const suspects = sinceHealth
    sinceHealth = []
    if (!problem) return true
    const culprit = suspects.at(-1)
    findings.add({
      problem: `unhealthy: ${problem}`,
      operation: culprit?.operation ?? '(start)',
      path: culprit?.path ?? '',
      cls: culprit?.cls ?? '',
      status: 200,
      message: suspects
        .map((s) => `${s.operation} ${s.path} [${s.cls}]`)
        .slice(-5)
        .join('; '),
      example: culprit?.body ?? '',
    })
    return false
  }
  const send = async (
    sent: Sent,
    request: InjectOptions,
    json: boolean,
    operation: string | null,
  ): Promise<boolean> => {
    const correlationId = `fuzz-${options.seed}-${++requests}`
    const head = await t.platform.eventStore.headPosition()
    const begun = Date.now()
    let response: { statusCode: number; body: string }
    try {
      response = await t.app.inject({
        ...request,
        headers: { ...(request.headers ?? {}), 'x-correlation-id': correlationId },
      })
    } catch (error) {
      // light-my-request refuses to send some headers (a NUL in a value): nothing reached the server.
      if (/Invalid character|ERR_INVALID_CHAR/i.test(String(error))) return true
      throw error
    }
    const verdict = json
      ? judge(response.statusCode, response.body, operation, foreignIds)
      : {
          status: response.statusCode,
          codes: [],
          refused: false,
          accepted: false,
          problems:
            response.statusCode >= 500
              ? [{ problem: `HTTP ${response.statusCode}`, message: response.body.slice(0, 300) }]
              : [],
        }
    byStatus[verdict.status] = (byStatus[verdict.status] ?? 0) + 1
    const outcome = verdict.accepted ? 'accepted' : verdict.refused ? 'refused' : 'partial or other'
    if (options.verbose)
      options.log(
        `fuzz: #${requests} ${sent.operation} ${sent.path} [${sent.cls}] → ${verdict.status} ${outcome} ${verdict.codes.join(' ')} ${response.body.slice(0, 200)}`,
      )
    byOutcome[outcome] = (byOutcome[outcome] ?? 0) + 1
    for (const code of new Set(verdict.codes)) byCode[code] = (byCode[code] ?? 0) + 1
    if (verdict.problems.length) {
      // One finding per request: a 500 is also an INTERNAL_SERVER_ERROR; the most telling message goes with it.
      const problem = [...new Set(verdict.problems.map((p) => p.problem))].join(' + ')
      const message = (verdict.problems.find((p) => !p.problem.startsWith('HTTP')) ?? verdict.problems[0]!).message
      findings.add({
        problem,
        message,
        operation: sent.operation,
        path: sent.path,
        cls: sent.cls,
        status: verdict.status,
        example: sent.body,
      })
    }
    if (verdict.refused || operation === null) {
      const written = await writtenBy(t, head, correlationId)
      if (written.length)
        findings.add({
          problem: 'a refused request wrote events',
          operation: sent.operation,
          path: sent.path,
          cls: sent.cls,
          status: verdict.status,
          message: written.join(', '),
          example: sent.body,
        })
    }
    sinceHealth.push(sent)
    const took = Date.now() - begun
    if (took > TOO_SLOW_MS)
      findings.add({
        problem: 'slow answer',
        message: `${took} ms`,
        operation: sent.operation,
        path: sent.path,
        cls: sent.cls,
        status: verdict.status,
        example: sent.body,
      })
    if (took > SLOW_MS)
      options.log(
        `fuzz: slow answer (${took} ms, HTTP ${verdict.status} ${verdict.codes.join(' ')}): ${sent.operation} ${sent.path} [${sent.cls}]`,
      )
    if (requests % 250 === 0) options.log(`fuzz: ${requests} requests, ${Math.round((Date.now() - started) / 1000)} s`)
    if (took > SLOW_MS || requests % HEALTH_EVERY === 0) return health()
    return true
  }

  let healthy = true
  for (const c of endpoint.admin ? httpCases(world, rng) : []) {
    healthy = await send(
      { operation: 'HTTP', path: c.name, cls: c.group, body: String(c.request.payload ?? c.request.url).slice(0, 600) },
      c.request,
      c.json,
      null,
    )
    if (!healthy) break
  }
  for (const c of healthy ? cases : []) {
    const request = endpoint.request(a, c.body)
    // A halted projection makes every later write wait out its read timeout: stop, the first finding says why.
    if (!(await send(c, request, true, c.operation))) break
  }
  await health()
  const after = await victimState(t, world)
  if (after !== before)
    findings.add({
      problem: "tenant B's data changed",
      operation: '(all)',
      path: '',
      cls: '',
      status: 0,
      message: `before ${before}, after ${after}`,
      example: '',
    })
  return {
    seed: options.seed,
    requests,
    operations: model.operations.length,
    paths: new Set(cases.map((c) => `${c.operation}.${c.path}`)).size,
    byStatus,
    byCode,
    byOutcome,
    findings,
    seconds: Math.round((Date.now() - started) / 1000),
  }
}

/** Tenant B's store head position and audit log size: the fuzz through A's key must move neither. */
async function victimState(t: TestApp, world: FuzzWorld): Promise<string> {
  const head = await t.platform.eventStore.headPosition({ scopeId: world.b.tenant.storeId })
  const audit = await t.gql<{ auditLog: { totalCount: number } }>(
    world.b.tenant.apiKey,
    '{ auditLog(first: 1) { totalCount } }',
  )
  return `head ${head}, audit ${audit.data?.auditLog.totalCount ?? JSON.stringify(audit.errors)}`
}

/** The types of the events this request's correlation id appended after `head`. */
async function writtenBy(t: TestApp, head: string | null, correlationId: string): Promise<string[]> {
  const now = await t.platform.eventStore.headPosition()
  if (now === head) return []
  const events = await t.platform.eventStore.readAll({ from: head, limit: 10_000 })
  return events.filter((e) => e.metadata.correlationId === correlationId).map((e) => e.type)
}

/** `/health` must answer 200, not degraded, with no projection halted and no store parked. */
async function healthProblem(t: TestApp): Promise<string | null> {
  const response = await t.app.inject({ method: 'GET', url: '/health' })
  if (response.statusCode !== 200) return `/health answered ${response.statusCode}`
  const body = response.json() as {
    status?: string
    projections?: { name: string; state: string; lastError: string | null; parkedStores?: number }[]
  }
  const failed = (body.projections ?? []).filter((p) => p.state === 'failed' || p.lastError || p.parkedStores)
  if (failed.length)
    return `projection ${failed.map((p) => `${p.name} ${p.state}${p.parkedStores ? ` (${p.parkedStores} parked)` : ''}: ${p.lastError}`).join('; ')}`
  return body.status === 'degraded' ? `/health is degraded: ${JSON.stringify(body).slice(0, 300)}` : null
}
