import { parseArgs } from 'node:util'
import cliProgress from 'cli-progress'
import { isUuid } from '../../domain/shared/ids.js'
import type { Platform } from '../../app/platform.js'
import { retryProjections } from '../../infra/projections/retry.js'
import { requestRebuild } from '../../infra/projections/runner.js'
import type { RebuildRow } from '../../infra/projections/schema.js'
import { isDegraded, projectionStatuses, type ProjectionStatus } from '../../infra/projections/status.js'
import { findStoreBySlug } from '../../projections/tenancy/queries.js'
import { fail, openCliPlatform } from '../platform.js'

const USAGE =
  'usage: emporium projections status | rebuild [--projection NAME] [--store SLUG] | retry [--projection NAME] [--store SLUG|ID]'

/**
 * `emporium projections status` prints one JSON line per projection (position, lag, state,
 * last error, parked stores with their slugs); it exits 1 while any is halted or has a parked
 * store. `emporium projections rebuild [--projection NAME] [--store SLUG]` queues the rebuild for
 * the owner of each projection — a running server, or this process when none runs — and follows
 * its progress (a bar on a terminal, JSON lines otherwise). `emporium projections retry
 * [--projection NAME] [--store SLUG|ID]` retries, after a fix, what failing events stopped: one
 * JSON line per parked store or halted projection with the result; exits 1 if any is still stopped.
 */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args
  if (action === 'status') return status()
  if (action === 'rebuild') return rebuild(rest)
  if (action === 'retry') return retry(rest)
  fail(USAGE)
}

async function status(): Promise<void> {
  const { platform } = await openCliPlatform({ runProjections: false, logLevel: 'warn' })
  const statuses = await statusLines(platform)
  for (const s of statuses) process.stdout.write(`${JSON.stringify(s)}\n`)
  await platform.close()
  if (isDegraded(statuses)) process.exitCode = 1
}

/** What `projections status` prints: each projection's status, its parked stores named by slug too. */
export async function statusLines(
  platform: Platform,
): Promise<
  (ProjectionStatus & { parkedStores: (ProjectionStatus['parkedStores'][number] & { slug: string | null })[] })[]
> {
  const statuses = await projectionStatuses(platform.database, platform.eventStore, platform.projections)
  const ids = [...new Set(statuses.flatMap((s) => s.parkedStores.map((p) => p.storeId)).filter(isUuid))]
  const slugs = new Map<string, string>()
  if (ids.length)
    for (const row of (await platform.database.db
      .selectFrom('stores')
      .select(['id', 'slug'])
      .where('id', 'in', ids)
      .execute()) as { id: string; slug: string }[])
      slugs.set(row.id, row.slug)
  return statuses.map((s) => ({
    ...s,
    parkedStores: s.parkedStores.map((p) => ({ ...p, slug: slugs.get(p.storeId) ?? null })),
  }))
}

async function retry(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { projection: { type: 'string' }, store: { type: 'string' } } })
  // This process takes part as a projection owner, so the retry also runs with no server up.
  const { platform } = await openCliPlatform({ runProjections: true, logLevel: 'warn' })
  try {
    let storeId: string | undefined
    if (values.store !== undefined) {
      const store = isUuid(values.store)
        ? { id: values.store }
        : await findStoreBySlug(platform.database.db, values.store)
      if (!store) fail(`no store with slug '${values.store}'`)
      storeId = store.id
    }
    const outcomes = await retryProjections(platform.database, platform.projections, {
      projection: values.projection,
      storeId,
    }).catch((error: unknown) => fail((error as Error).message))
    if (outcomes.length === 0) process.stderr.write('nothing to retry: no matching parked store or halted projection\n')
    for (const outcome of outcomes) process.stdout.write(`${JSON.stringify(outcome)}\n`)
    if (outcomes.some((o) => o.result !== 'resumed')) process.exitCode = 1
  } finally {
    await platform.close()
  }
}

async function rebuild(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { projection: { type: 'string' }, store: { type: 'string' } } })
  // This process takes part as a projection owner, so the rebuild also runs with no server up.
  const { platform } = await openCliPlatform({ runProjections: true, logLevel: 'warn' })
  try {
    const targets = values.projection
      ? platform.projections.filter((p) => p.name === values.projection)
      : platform.projections
    if (targets.length === 0) fail(`no projection named '${values.projection}'; see 'emporium projections status'`)
    let storeId: string | null = null
    if (values.store) {
      const store = await findStoreBySlug(platform.database.db, values.store)
      if (!store) fail(`no store with slug '${values.store}'`)
      storeId = store.id
    }
    const requestedBy = { type: 'system', id: 'cli' }
    const ids = []
    for (const projection of targets) {
      if (storeId && projection.storeTables.length === 0) continue
      ids.push(await requestRebuild(platform.database, { projection: projection.name, storeId, requestedBy }))
    }
    const done = await follow(platform, ids)
    const failed = done.filter((r) => r.status === 'failed')
    for (const r of done)
      process.stdout.write(
        `${JSON.stringify({ projection: r.projection, store: values.store ?? null, status: r.status, events: r.processed, error: r.error })}\n`,
      )
    if (failed.length) process.exitCode = 1
  } finally {
    await platform.close()
  }
}

async function follow(platform: Platform, ids: string[]): Promise<RebuildRow[]> {
  const bar = process.stderr.isTTY
    ? new cliProgress.MultiBar(
        { format: ' {projection} [{bar}] {value}/{total} events | {status}', hideCursor: true, clearOnComplete: false },
        cliProgress.Presets.shades_classic,
      )
    : null
  const bars = new Map<string, cliProgress.SingleBar>()
  for (;;) {
    const rows = (await platform.database.db
      .selectFrom('projection_rebuilds')
      .selectAll()
      .where('id', 'in', ids)
      .execute()) as RebuildRow[]
    for (const row of rows) {
      if (!bar) continue
      let single = bars.get(row.id)
      if (!single) {
        single = bar.create(Math.max(row.total, 1), 0, { projection: row.projection, status: row.status })
        bars.set(row.id, single)
      }
      single.setTotal(Math.max(row.total, row.processed, 1))
      single.update(row.processed, { status: row.status })
    }
    if (rows.every((r) => r.status === 'done' || r.status === 'failed')) {
      bar?.stop()
      return rows
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
