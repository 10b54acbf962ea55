import type { DomainEvent, HandleChanged } from '../../shared/event.js'
import { evolveLifecycle } from '../../shared/lifecycle.js'

/** A blog is a titled, addressable list of posts (/blogs/<handle>); the posts live in streams of their own. */
export type BlogFields = { blogId: string; title: string; handle: string }

export type BlogCreated = DomainEvent<'BlogCreated', BlogFields>
export type BlogRetitled = DomainEvent<'BlogRetitled', { blogId: string; title: string }>
/** `from` is released and `to` claimed in the store's blog handle reservations in the same write. */
export type BlogHandleChanged = HandleChanged<'BlogHandleChanged', { blogId: string }>
/** `postIds`: the posts deleted with the blog (deletePosts: true); the posts read model drops every post of the blog. */
export type BlogDeleted = DomainEvent<'BlogDeleted', { blogId: string; handle: string; postIds: string[] }>

export type BlogEvent = BlogCreated | BlogRetitled | BlogHandleChanged | BlogDeleted

export const BLOG_EVENT_TYPES: readonly BlogEvent['type'][] = [
  'BlogCreated',
  'BlogRetitled',
  'BlogHandleChanged',
  'BlogDeleted',
]

export type BlogState = { kind: 'empty' } | { kind: 'existing'; blog: BlogFields } | { kind: 'deleted'; blogId: string }

export const initialBlogState = (): BlogState => ({ kind: 'empty' })

const BLOG = { name: 'blog', id: 'blogId', created: 'BlogCreated', deleted: 'BlogDeleted' } as const

export function evolveBlog(state: BlogState, event: BlogEvent): BlogState {
  return evolveLifecycle(state, event, BLOG, (data) => ({ ...data }), {
    BlogRetitled: (blog, { title }) => ({ ...blog, title }),
    BlogHandleChanged: (blog, { to }) => ({ ...blog, handle: to }),
  })
}
