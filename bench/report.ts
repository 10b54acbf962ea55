import { describeCodes } from './graphql.js'
import type { ScenarioResult } from './scenarios.js'
import type { ChangeVisible } from './storefront/change.js'

export interface Target {
  name: string
  goal: string
  measured: string
  pass: boolean
}

export interface Measurements {
  scenarios: ScenarioResult[]
  idleRssMb: number
  peakRssMb: number
  changeVisible: ChangeVisible
}

const LIST_RATIO_MIN = 0.6
const UPDATE_RPS_MIN = 400
const UPDATE_P99_MAX_MS = 60
const IDLE_RSS_MAX_MB = 150
const CATALOG_RATIO_MIN = 0.5
const WEBHOOK_RPS_MIN = 500
const WEBHOOK_P99_MAX_MS = 50
const CACHED_PAGE_RATIO_MIN = 1.0
const UNCACHED_PRODUCT_P99_MAX_MS = 40
const UNCACHED_COLLECTION_P99_MAX_MS = 60
const CHANGE_VISIBLE_MAX_MS = 100

/** The targets of the performance issue, judged on what was measured. */
export function judge(m: Measurements): Target[] {
  const floor = find(m, 'floor')
  const list = find(m, 'list')
  const update = find(m, 'productUpdate')
  const webhook = find(m, 'webhook')
  const ratio = list.reqPerSec / floor.reqPerSec
  const catalogRatio = find(m, 'catalog list').reqPerSec / find(m, 'catalog floor').reqPerSec
  const cachedPage = find(m, 'storefront product (cached)')
  const uncachedPage = find(m, 'storefront product (uncached)')
  const uncachedCollection = find(m, 'storefront collection (uncached)')
  const change = m.changeVisible
  return [
    {
      name: 'list vs floor',
      goal: `≥ ${LIST_RATIO_MIN}× floor`,
      measured: `${ratio.toFixed(2)}×`,
      pass: ratio >= LIST_RATIO_MIN,
    },
    {
      name: 'productUpdate throughput',
      goal: `≥ ${UPDATE_RPS_MIN} req/s`,
      measured: `${update.reqPerSec.toFixed(0)} req/s`,
      pass: update.reqPerSec >= UPDATE_RPS_MIN,
    },
    p99Target('productUpdate p99', update, UPDATE_P99_MAX_MS),
    {
      name: 'signed webhooks throughput',
      goal: `≥ ${WEBHOOK_RPS_MIN} req/s`,
      measured: `${webhook.reqPerSec.toFixed(0)} req/s (${(webhook.reqPerSec / floor.reqPerSec).toFixed(2)}× floor)`,
      pass: webhook.reqPerSec >= WEBHOOK_RPS_MIN,
    },
    p99Target('signed webhooks p99', webhook, WEBHOOK_P99_MAX_MS),
    {
      name: 'catalog list vs its floor',
      goal: `≥ ${CATALOG_RATIO_MIN}× catalog floor`,
      measured: `${catalogRatio.toFixed(2)}×`,
      pass: catalogRatio >= CATALOG_RATIO_MIN,
    },
    {
      name: 'cached product page vs floor',
      goal: `≥ ${CACHED_PAGE_RATIO_MIN.toFixed(1)}× floor`,
      measured: `${(cachedPage.reqPerSec / floor.reqPerSec).toFixed(2)}× (${cachedPage.reqPerSec.toFixed(0)} req/s)`,
      pass: cachedPage.reqPerSec / floor.reqPerSec >= CACHED_PAGE_RATIO_MIN,
    },
    p99Target('uncached product page p99', uncachedPage, UNCACHED_PRODUCT_P99_MAX_MS),
    p99Target('uncached collection page p99', uncachedCollection, UNCACHED_COLLECTION_P99_MAX_MS),
    {
      name: 'change visible after the answer, p99',
      goal: `≤ ${CHANGE_VISIBLE_MAX_MS} ms`,
      measured: `${change.p99Ms} ms (p50 ${change.p50Ms} ms, ${change.samples} changes${change.notSeen ? `, ${change.notSeen} never seen` : ''})`,
      pass: change.samples > 0 && change.notSeen === 0 && change.p99Ms <= CHANGE_VISIBLE_MAX_MS,
    },
    {
      name: 'idle RSS',
      goal: `≤ ${IDLE_RSS_MAX_MB} MB`,
      measured: `${m.idleRssMb.toFixed(1)} MB`,
      pass: m.idleRssMb <= IDLE_RSS_MAX_MB,
    },
  ]
}

/** A latency target: the scenario's p99 at most `maxMs`. */
function p99Target(name: string, result: ScenarioResult, maxMs: number): Target {
  return { name, goal: `≤ ${maxMs} ms`, measured: `${result.p99Ms} ms`, pass: result.p99Ms <= maxMs }
}

function find(m: Measurements, name: string): ScenarioResult {
  const result = m.scenarios.find((s) => s.name === name)
  if (!result) throw new Error(`no result for scenario '${name}'`)
  return result
}

export function renderReport(m: Measurements, targets: Target[]): string {
  // Catalog scenarios compare with the catalog floor: the same filtered rows through bare SQL.
  const floorOf = (name: string) => find(m, name.startsWith('catalog') ? 'catalog floor' : 'floor').reqPerSec
  const rows = [
    ['scenario', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'socket errors', '× floor'],
    ...m.scenarios.map((s) => [
      s.name,
      String(s.connections),
      s.reqPerSec.toFixed(0),
      String(s.p50Ms),
      String(s.p99Ms),
      String(s.non2xx),
      s.graphqlErrors ? `${s.graphqlErrors} (${describeCodes(s.graphqlErrorCodes)})` : '0',
      String(s.socketErrors),
      (s.reqPerSec / floorOf(s.name)).toFixed(2),
    ]),
  ]
  const lines = [
    table(rows),
    '',
    `server RSS: idle ${m.idleRssMb.toFixed(1)} MB after seeding, peak ${m.peakRssMb.toFixed(1)} MB over the whole run`,
    `change visible on the cached storefront after productUpdate's answer: p50 ${m.changeVisible.p50Ms} ms, p99 ${m.changeVisible.p99Ms} ms, max ${m.changeVisible.maxMs} ms over ${m.changeVisible.samples} changes`,
    '',
  ]
  lines.push(
    table([
      ['target', 'goal', 'measured', 'result'],
      ...targets.map((t) => [t.name, t.goal, t.measured, t.pass ? 'PASS' : 'FAIL']),
    ]),
  )
  return lines.join('\n')
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)))
  const line = (row: string[]): string =>
    row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  ')
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n')
}
