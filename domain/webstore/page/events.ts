import { eventTypes, type DomainEvent, type HandleChanged } from '../../shared/event.js'
import { publishableEvents } from '../../shared/publishable/events.js'
import type { Seo } from '../../shared/publishable/seo.js'

/** What a page is created with; it starts as a DRAFT, and a PagePublished follows when it is created live. */
export type PageFields = {
  pageId: string
  title: string
  handle: string
  /** Sanitized HTML. */
  body: string
  /** Renders with `templates/page.<suffix>.json` instead of `page.json`; empty for the default. */
  templateSuffix: string
}

export type PageCreated = DomainEvent<'PageCreated', PageFields>
export type PageRetitled = DomainEvent<'PageRetitled', { pageId: string; title: string }>
/** `from` is released and `to` claimed in the store's page handle reservations in the same write. */
export type PageHandleChanged = HandleChanged<'PageHandleChanged', { pageId: string }>
export type PageBodyChanged = DomainEvent<'PageBodyChanged', { pageId: string; body: string }>
export type PageTemplateSuffixChanged = DomainEvent<
  'PageTemplateSuffixChanged',
  { pageId: string; templateSuffix: string }
>
/** The whole new SEO. */
export type PageSeoChanged = DomainEvent<'PageSeoChanged', { pageId: string } & Seo>
export type PagePublished = DomainEvent<'PagePublished', { pageId: string; publishedAt: string }>
export type PageUnpublished = DomainEvent<'PageUnpublished', { pageId: string }>
export type PagePublishScheduled = DomainEvent<'PagePublishScheduled', { pageId: string; publishAt: string }>
/** `published`: the schedule fired or the page was published by hand; `cancelled`: publishAt was cleared. */
export type PagePublishUnscheduled = DomainEvent<
  'PagePublishUnscheduled',
  { pageId: string; reason: 'published' | 'cancelled' }
>
/** Carries the handle so its reservation is released without reading the stream again. */
export type PageDeleted = DomainEvent<'PageDeleted', { pageId: string; handle: string }>

export type PageEvent =
  | PageCreated
  | PageRetitled
  | PageHandleChanged
  | PageBodyChanged
  | PageTemplateSuffixChanged
  | PageSeoChanged
  | PagePublished
  | PageUnpublished
  | PagePublishScheduled
  | PagePublishUnscheduled
  | PageDeleted

/** Every page event type, for the projection's subscription. */
export const PAGE_EVENT_TYPES = eventTypes<PageEvent>({
  PageCreated: true,
  PageRetitled: true,
  PageHandleChanged: true,
  PageBodyChanged: true,
  PageTemplateSuffixChanged: true,
  PageSeoChanged: true,
  PagePublished: true,
  PageUnpublished: true,
  PagePublishScheduled: true,
  PagePublishUnscheduled: true,
  PageDeleted: true,
})

/** SEO and publication changes as this page's events, and back. */
export const pagePublishable = publishableEvents('pageId', {
  seoChanged: 'PageSeoChanged',
  published: 'PagePublished',
  unpublished: 'PageUnpublished',
  scheduled: 'PagePublishScheduled',
  unscheduled: 'PagePublishUnscheduled',
})
