import { eventTypes, type DomainEvent, type ValueChanged } from '../../shared/event.js'

/** `path` is normalized (domain/webstore/url-redirect/path.ts); `target` is a storefront path or an https:// URL. */
export type UrlRedirectFields = { urlRedirectId: string; path: string; target: string }

export type UrlRedirectCreated = DomainEvent<'UrlRedirectCreated', UrlRedirectFields>
/** `from` is released and `to` claimed in the store's redirect path reservations in the same write. */
export type UrlRedirectPathChanged = ValueChanged<'UrlRedirectPathChanged', { urlRedirectId: string }>
export type UrlRedirectTargetChanged = ValueChanged<'UrlRedirectTargetChanged', { urlRedirectId: string }>
/** Carries the path so its reservation is released without reading the stream again. */
export type UrlRedirectDeleted = DomainEvent<'UrlRedirectDeleted', { urlRedirectId: string; path: string }>

export type UrlRedirectEvent =
  UrlRedirectCreated | UrlRedirectPathChanged | UrlRedirectTargetChanged | UrlRedirectDeleted

/** Every redirect event type, for the projection's subscription. */
export const URL_REDIRECT_EVENT_TYPES = eventTypes<UrlRedirectEvent>({
  UrlRedirectCreated: true,
  UrlRedirectPathChanged: true,
  UrlRedirectTargetChanged: true,
  UrlRedirectDeleted: true,
})
