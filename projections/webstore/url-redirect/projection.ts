import { URL_REDIRECT_EVENT_TYPES, type UrlRedirectEvent } from '../../../domain/webstore/url-redirect/events.js'
import { entityProjection } from '../../shared/entity-projection.js'
import { URL_REDIRECTS_TABLE } from './tables.js'

/** The `url_redirects` read model: one row per live redirect of every store, guarded by revision against replays. */
export const urlRedirectsProjection = entityProjection(URL_REDIRECTS_TABLE, {
  version: 1,
  eventTypes: URL_REDIRECT_EVENT_TYPES,
  idOf: (event: UrlRedirectEvent) => event.data.urlRedirectId,
  on: {
    UrlRedirectCreated: (event, redirect) => redirect.insert({ path: event.data.path, target: event.data.target }),
    UrlRedirectPathChanged: (event, redirect) => redirect.change({ path: event.data.to }),
    UrlRedirectTargetChanged: (event, redirect) => redirect.change({ target: event.data.to }),
    UrlRedirectDeleted: (_event, redirect) => redirect.delete(),
  },
})
