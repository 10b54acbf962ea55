import { BLOG_EVENT_TYPES, type BlogEvent } from '../../../domain/webstore/blog/blog.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { entityRow } from '../../shared/entity-row.js'
import { createBlogTables, type BlogDb } from './tables.js'

/** The `blogs` read model: one row per live blog of every store. Their posts are the posts read model's. */
export const blogsProjection: Projection = {
  name: 'blogs',
  version: 1,
  eventTypes: BLOG_EVENT_TYPES,
  tables: ['blogs'],
  storeTables: ['blogs'],
  createTables: createBlogTables,
  async apply(recorded: RecordedEvent, trx: AnyDb): Promise<void> {
    const db: BlogDb = trx
    const event = { type: recorded.type, data: recorded.data } as BlogEvent
    const blog = entityRow(db, 'blogs', event.data.blogId, recorded)
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
}
