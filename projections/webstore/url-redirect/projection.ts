import { URL_REDIRECT_EVENT_TYPES, type UrlRedirectEvent } from '../../../domain/webstore/url-redirect/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { storeOf } from '../../shared/store-of.js'
import { changeRow } from '../shared/content.js'
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
    const change = (fields: Record<string, unknown>) =>
      changeRow(trx, 'url_redirects', event.data.urlRedirectId, recorded, fields)
    switch (event.type) {
      case 'UrlRedirectCreated': {
        const { urlRedirectId, path, target } = event.data
        await db
          .insertInto('url_redirects')
          .values({
            store_id: storeOf(recorded),
            organization_id: recorded.metadata.organizationId,
            id: urlRedirectId,
            path,
            target,
            revision: recorded.revision,
            created_at: recorded.metadata.occurredAt,
            updated_at: recorded.metadata.occurredAt,
          })
          .onConflict((c) => c.columns(['store_id', 'id']).doNothing())
          .execute()
        return
      }
      case 'UrlRedirectPathChanged':
        return change({ path: event.data.to })
      case 'UrlRedirectTargetChanged':
        return change({ target: event.data.to })
      case 'UrlRedirectDeleted':
        await db
          .deleteFrom('url_redirects')
          .where('store_id', '=', storeOf(recorded))
          .where('id', '=', event.data.urlRedirectId)
          .where('revision', '<', recorded.revision)
          .execute()
        return
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
}
