import { BLOG_EVENT_TYPES, type BlogEvent } from '../../../domain/webstore/blog/blog.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { changeRow } from '../shared/content.js'
import { createBlogTables, type BlogDb } from './tables.js'
import { storeOf } from '../../shared/store-of.js'

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
    switch (event.type) {
      case 'BlogCreated':
        await db
          .insertInto('blogs')
          .values({
            store_id: storeOf(recorded),
            organization_id: recorded.metadata.organizationId,
            id: event.data.blogId,
            title: event.data.title,
            handle: event.data.handle,
            revision: recorded.revision,
            created_at: recorded.metadata.occurredAt,
            updated_at: recorded.metadata.occurredAt,
          })
          .onConflict((c) => c.columns(['store_id', 'id']).doNothing())
          .execute()
        return
      case 'BlogRetitled':
        return changeRow(trx, 'blogs', event.data.blogId, recorded, { title: event.data.title })
      case 'BlogHandleChanged':
        return changeRow(trx, 'blogs', event.data.blogId, recorded, { handle: event.data.to })
      case 'BlogDeleted':
        await db
          .deleteFrom('blogs')
          .where('store_id', '=', storeOf(recorded))
          .where('id', '=', event.data.blogId)
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
