import { URL_REDIRECT_EVENT_TYPES, type UrlRedirectEvent } from '../../../domain/webstore/url-redirect/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { entityRow } from '../../shared/entity-row.js'
import { createUrlRedirectTables, type UrlRedirectDb } from './tables.js'

/** The `url_redirects` read model: one row per live redirect of every store, guarded by revision against replays. */
export const urlRedirectsProjection: Projection = {
  name: 'url_redirects',
  version: 1,
  eventTypes: URL_REDIRECT_EVENT_TYPES,
  tables: ['url_redirects'],
  storeTables: ['url_redirects'],
  createTables: createUrlRedirectTables,
  async apply(recorded: RecordedEvent, trx: AnyDb): Promise<void> {
    const db: UrlRedirectDb = trx
    const event = { type: recorded.type, data: recorded.data } as UrlRedirectEvent
    const redirect = entityRow(db, 'url_redirects', event.data.urlRedirectId, recorded)
    switch (event.type) {
      case 'UrlRedirectCreated':
        return redirect.insert({ path: event.data.path, target: event.data.target })
      case 'UrlRedirectPathChanged':
        return redirect.change({ path: event.data.to })
      case 'UrlRedirectTargetChanged':
        return redirect.change({ target: event.data.to })
      case 'UrlRedirectDeleted':
        return redirect.delete()
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
}
