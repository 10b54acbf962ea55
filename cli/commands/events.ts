import { parseArgs } from 'node:util'
import { findStoreBySlug } from '../../projections/tenancy/queries.js'
import { fail, openCliPlatform } from '../platform.js'

/** `emporium events export --store SLUG`: the store's whole history as NDJSON, in log order. */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args
  if (action !== 'export') fail('usage: emporium events export --store SLUG')
  const { values } = parseArgs({ args: rest, options: { store: { type: 'string' } } })
  if (!values.store) fail('--store SLUG is required')
  const { platform } = await openCliPlatform({ runProjections: false, logLevel: 'warn' })
  try {
    const store = await findStoreBySlug(platform.database.db, values.store)
    if (!store) fail(`no store with slug '${values.store}'`)
    let from: string | null = null
    for (;;) {
      const events = await platform.eventStore.readAll({ from, filter: { scopeId: store.id }, limit: 1_000 })
      if (events.length === 0) break
      for (const event of events) {
        const line = {
          id: event.id,
          stream: event.streamName,
          revision: event.revision,
          position: event.position,
          type: event.type,
          data: event.data,
          metadata: event.metadata,
          recordedAt: event.recordedAt,
        }
        if (!process.stdout.write(`${JSON.stringify(line)}\n`))
          await new Promise((resolve) => process.stdout.once('drain', resolve))
      }
      from = events[events.length - 1]!.position
    }
  } finally {
    await platform.close()
  }
}
