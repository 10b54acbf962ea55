/**
 * `kill -9` of `emporium serve` under write load, cycle after cycle, then one last start: every
 * write a client was told succeeded must be in the log and in the read models, and no
 * projection may have applied an event twice (each projection's applied count equals the events
 * up to its checkpoint; product rows equal ProductCreated events). The short form runs in the
 * suite (`chaos.e2e.test.ts`), the long one is `npm run chaos`.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { createPostgresEventStore } from '../../infra/eventstore/postgres/adapter.js'
import { allProjections } from '../../projections/all.js'
import { createTenantIn } from './support/fault-app.js'
import { openFaultDatabase } from './support/fault-database.js'
import { auditLedger, waitForProjections, type LedgerReport } from './support/ledger.js'
import { startServerProcess, type ServerProcess } from './support/server-process.js'
import { createProductOverHttp, startWriteLoad, type WriteOutcome } from './support/write-load.js'

export interface ChaosOptions {
  cycles: number
  /** Concurrent writing clients. */
  writers?: number
  /** Writes each cycle must see acknowledged before the kill may come. */
  writesBeforeKill?: number
  /** Extra time the kill comes after that, at random up to this. */
  maxKillDelayMs?: number
  log?: (line: string) => void
}

export interface ChaosReport {
  cycles: number
  acknowledged: number
  /** Writes that got no success answer, by what they got (CLIENT_ERROR: the connection died with the server). */
  refused: Record<string, number>
  lostFromLog: number
  lostFromReadModel: number
  /** Projections that applied more events than the log holds up to their checkpoint. */
  doubled: LedgerReport['miscounted']
  /** Projections that applied fewer. */
  skipped: LedgerReport['miscounted']
  productRows: number
  createdEvents: number
  elapsedMs: number
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => undefined)
  const started = Date.now()
  const fault = await openFaultDatabase()
  const outcomes: WriteOutcome[] = []
  let server: ServerProcess | undefined
  try {
    let apiKey = ''
    let storeId = ''
    for (let cycle = 1; cycle <= options.cycles; cycle++) {
      server = await startServerProcess({ DATABASE_URL: fault.url })
      if (!apiKey) ({ apiKey, storeId } = await createTenantIn(fault.url, 'chaos'))
      const baseUrl = server.baseUrl
      const load = startWriteLoad((title) => createProductOverHttp(baseUrl, apiKey, title), {
        writers: options.writers ?? 4,
        prefix: `chaos ${cycle}`,
      })
      await load.acknowledged(options.writesBeforeKill ?? 5, 60_000)
      // The kill lands at a random moment of the load, inside whatever the server was doing.
      await sleep(Math.random() * (options.maxKillDelayMs ?? 1_500))
      const exited = server.exited
      server.child.kill('SIGKILL')
      await exited
      outcomes.push(...(await load.stop()))
      log(`cycle ${cycle}/${options.cycles}: ${outcomes.filter((o) => o.ok).length} writes acknowledged so far`)
    }

    server = await startServerProcess({ DATABASE_URL: fault.url })
    const store = createPostgresEventStore(fault.database)
    await waitForProjections(fault.database.db, store, allProjections, 120_000)
    const report = await auditLedger(fault.database.db, store, allProjections, storeId, outcomes)
    const exited = server.exited
    server.child.kill('SIGTERM')
    await exited
    server = undefined

    const refused: Record<string, number> = {}
    for (const outcome of outcomes) if (!outcome.ok) refused[outcome.code] = (refused[outcome.code] ?? 0) + 1
    return {
      cycles: options.cycles,
      acknowledged: report.acknowledged,
      refused,
      lostFromLog: report.lostFromLog.length,
      lostFromReadModel: report.lostFromReadModel.length,
      doubled: report.miscounted.filter((m) => m.applied > m.inLog),
      skipped: report.miscounted.filter((m) => m.applied < m.inLog),
      productRows: report.productRows,
      createdEvents: report.createdEvents,
      elapsedMs: Date.now() - started,
    }
  } finally {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL')
    await fault.drop()
  }
}
