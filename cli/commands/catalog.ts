import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import cliProgress from 'cli-progress'
import { ALL_SCOPES } from '../../domain/shared/scopes.js'
import { importProducts } from '../../app/catalog/import/import.js'
import { findStoreBySlug } from '../../projections/tenancy/queries.js'
import { fail, openCliPlatform } from '../platform.js'
import { systemContext } from '../../app/commands/context.js'

const USAGE = 'usage: emporium catalog import --store SLUG FILE [--dry-run]'

/**
 * `emporium catalog import --store SLUG FILE [--dry-run]`: imports an NDJSON catalog (one
 * product per line) through the registry commands, as the operator (`system` actor `cli`).
 * A progress bar on a terminal; stdout gets one JSON line per rejected line, then the summary.
 * Exits 1 when a line was rejected.
 */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args
  if (action !== 'import') fail(USAGE)
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { store: { type: 'string' }, 'dry-run': { type: 'boolean' } },
  })
  if (!values.store || positionals.length !== 1) fail(USAGE)
  const text = await readFile(positionals[0]!, 'utf8').catch((error: Error) =>
    fail(`cannot read ${positionals[0]}: ${error.message}`),
  )
  // The read models follow the import while it runs: this process owns them when no server does.
  const { platform } = await openCliPlatform({ runProjections: true, logLevel: 'warn' })
  try {
    const store = await findStoreBySlug(platform.database.db, values.store)
    if (!store) fail(`no store with slug '${values.store}'`)
    const ctx = systemContext(
      { organizationId: store.organizationId, storeId: store.id },
      { type: 'system', id: 'cli', name: 'emporium catalog import' },
      ALL_SCOPES,
    )
    const bar = process.stderr.isTTY
      ? new cliProgress.SingleBar(
          { format: ' import [{bar}] {value}/{total} lines', hideCursor: true },
          cliProgress.Presets.shades_classic,
        )
      : null
    bar?.start(1, 0)
    const report = await importProducts(platform, ctx, text, {
      dryRun: values['dry-run'],
      onProgress: (done, total) => {
        bar?.setTotal(total)
        bar?.update(done)
      },
    })
    bar?.stop()
    for (const rejected of report.rejected) process.stdout.write(`${JSON.stringify({ rejected })}\n`)
    const { rejected, ...summary } = report
    process.stdout.write(`${JSON.stringify({ store: store.slug, ...summary, rejected: rejected.length })}\n`)
    if (rejected.length) process.exitCode = 1
  } finally {
    await platform.close()
  }
}
