import { eventTypes, type DomainEvent, type HandleChanged } from '../../shared/event.js'
import { publishableEvents } from '../../shared/publishable/events.js'
import type { Seo } from '../../shared/publishable/seo.js'

/** What a post is created with; it starts as a DRAFT, and a PostPublished follows when it is created live. */
export type PostFields = {
  postId: string
  /** The blog it belongs to, for life. */
  blogId: string
  title: string
  handle: string
  /** Sanitized HTML. */
  body: string
  /** Plain text shown in lists. */
  excerpt: string
  author: string
  tags: string[]
  /** A media of the store's library, or null. */
  coverMediaId: string | null
}

export type PostCreated = DomainEvent<'PostCreated', PostFields>
export type PostRetitled = DomainEvent<'PostRetitled', { postId: string; title: string }>
/** Handles are reserved per blog, so `blogId` travels with the change. */
export type PostHandleChanged = HandleChanged<'PostHandleChanged', { postId: string; blogId: string }>
export type PostBodyChanged = DomainEvent<'PostBodyChanged', { postId: string; body: string }>
export type PostExcerptChanged = DomainEvent<'PostExcerptChanged', { postId: string; excerpt: string }>
export type PostAuthorChanged = DomainEvent<'PostAuthorChanged', { postId: string; author: string }>
/** `tags` is the whole new list; `added` and `removed` say what changed. */
export type PostTagsChanged = DomainEvent<
  'PostTagsChanged',
  { postId: string; tags: string[]; added: string[]; removed: string[] }
>
export type PostCoverChanged = DomainEvent<'PostCoverChanged', { postId: string; mediaId: string | null }>
export type PostSeoChanged = DomainEvent<'PostSeoChanged', { postId: string } & Seo>
export type PostPublished = DomainEvent<'PostPublished', { postId: string; publishedAt: string }>
export type PostUnpublished = DomainEvent<'PostUnpublished', { postId: string }>
export type PostPublishScheduled = DomainEvent<'PostPublishScheduled', { postId: string; publishAt: string }>
export type PostPublishUnscheduled = DomainEvent<
  'PostPublishUnscheduled',
  { postId: string; reason: 'published' | 'cancelled' }
>
export type PostDeleted = DomainEvent<'PostDeleted', { postId: string; blogId: string; handle: string }>

export type PostEvent =
  | PostCreated
  | PostRetitled
  | PostHandleChanged
  | PostBodyChanged
  | PostExcerptChanged
  | PostAuthorChanged
  | PostTagsChanged
  | PostCoverChanged
  | PostSeoChanged
  | PostPublished
  | PostUnpublished
  | PostPublishScheduled
  | PostPublishUnscheduled
  | PostDeleted

/** Every post event type, for the projection's subscription. */
export const POST_EVENT_TYPES = eventTypes<PostEvent>({
  PostCreated: true,
  PostRetitled: true,
  PostHandleChanged: true,
  PostBodyChanged: true,
  PostExcerptChanged: true,
  PostAuthorChanged: true,
  PostTagsChanged: true,
  PostCoverChanged: true,
  PostSeoChanged: true,
  PostPublished: true,
  PostUnpublished: true,
  PostPublishScheduled: true,
  PostPublishUnscheduled: true,
  PostDeleted: true,
})

/** SEO and publication changes as this post's events, and back. */
export const postPublishable = publishableEvents('postId', {
  seoChanged: 'PostSeoChanged',
  published: 'PostPublished',
  unpublished: 'PostUnpublished',
  scheduled: 'PostPublishScheduled',
  unscheduled: 'PostPublishUnscheduled',
})
