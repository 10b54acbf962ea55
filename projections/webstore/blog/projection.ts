import { BLOG_EVENT_TYPES, type BlogEvent } from '../../../domain/webstore/blog/blog.js'
import { entityProjection } from '../../shared/entity-projection.js'
import { BLOGS_TABLE } from './tables.js'

/** The `blogs` read model: one row per live blog of every store. Their posts are the posts read model's. */
export const blogsProjection = entityProjection(BLOGS_TABLE, {
  version: 1,
  eventTypes: BLOG_EVENT_TYPES,
  idOf: (event: BlogEvent) => event.data.blogId,
  on: {
    BlogCreated: (event, blog) => blog.insert({ title: event.data.title, handle: event.data.handle }),
    BlogRetitled: (event, blog) => blog.change({ title: event.data.title }),
    BlogHandleChanged: (event, blog) => blog.change({ handle: event.data.to }),
    BlogDeleted: (_event, blog) => blog.delete(),
  },
})
