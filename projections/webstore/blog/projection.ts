import { BLOG_EVENT_TYPES, type BlogEvent } from '../../../domain/webstore/blog/blog.js'
import { entityProjection } from '../../shared/entity-projection.js'
import { BLOGS_TABLE } from './tables.js'

/** The `blogs` read model: one row per live blog of every store. Their posts are the posts read model's. */
export const blogsProjection = entityProjection({
  table: BLOGS_TABLE,
  version: 1,
  eventTypes: BLOG_EVENT_TYPES,
  idOf: (event: BlogEvent) => event.data.blogId,
  apply(event, blog) {
    switch (event.type) {
      case 'BlogCreated':
        return blog.insert({ title: event.data.title, handle: event.data.handle })
      case 'BlogRetitled':
        return blog.change({ title: event.data.title })
      case 'BlogHandleChanged':
        return blog.change({ handle: event.data.to })
      case 'BlogDeleted':
        return blog.delete()
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
})
