import { URL_REDIRECT_EVENT_TYPES, type UrlRedirectEvent } from '../../../domain/webstore/url-redirect/events.js'
import { entityProjection } from '../../shared/entity-projection.js'
import { URL_REDIRECTS_TABLE } from './tables.js'

/** The `url_redirects` read model: one row per live redirect of every store, guarded by revision against replays. */
export const urlRedirectsProjection = entityProjection({
  table: URL_REDIRECTS_TABLE,
  version: 1,
  eventTypes: URL_REDIRECT_EVENT_TYPES,
  idOf: (event: UrlRedirectEvent) => event.data.urlRedirectId,
  apply(event, redirect) {
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
})
