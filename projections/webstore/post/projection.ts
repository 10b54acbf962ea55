import type { BlogDeleted } from '../../../domain/webstore/blog/blog.js'
import { POST_EVENT_TYPES, type PostEvent } from '../../../domain/webstore/post/events.js'
import { handleEntityEvent, storeProjection, type EntityHandlers } from '../../shared/entity-projection.js'
import { entityRow } from '../../shared/entity-row.js'
import { publicationColumns } from '../../shared/publishable.js'
import { deleteInStore } from '../../shared/store-rows.js'
import type { RowOf } from '../../shared/table.js'
import { POSTS_TABLE, type PostDb } from './tables.js'

/** How each post event changes the post's row. */
const POST_HANDLERS: EntityHandlers<PostEvent, RowOf<typeof POSTS_TABLE>> = {
  PostCreated(event, post) {
    const { blogId, title, handle, body, excerpt, author, tags, coverMediaId } = event.data
    return post.insert({
      blog_id: blogId,
      title,
      handle,
      body,
      excerpt,
      author,
      tags,
      cover_media_id: coverMediaId,
      status: 'DRAFT',
    })
  },
  PostRetitled: (event, post) => post.change({ title: event.data.title }),
  PostHandleChanged: (event, post) => post.change({ handle: event.data.to }),
  PostBodyChanged: (event, post) => post.change({ body: event.data.body }),
  PostExcerptChanged: (event, post) => post.change({ excerpt: event.data.excerpt }),
  PostAuthorChanged: (event, post) => post.change({ author: event.data.author }),
  PostTagsChanged: (event, post) => post.change({ tags: event.data.tags }),
  PostCoverChanged: (event, post) => post.change({ cover_media_id: event.data.mediaId }),
  PostSeoChanged: (event, post) =>
    post.change({ seo_title: event.data.title, seo_description: event.data.description }),
  PostPublished: (event, post) => post.change(publicationColumns(event.type, event.data)!),
  PostUnpublished: (event, post) => post.change(publicationColumns(event.type, event.data)!),
  PostPublishScheduled: (event, post) => post.change(publicationColumns(event.type, event.data)!),
  PostPublishUnscheduled: (event, post) => post.change(publicationColumns(event.type, event.data)!),
  PostDeleted: (_event, post) => post.delete(),
}

/**
 * The `posts` read model: one row per live post of every store, guarded by revision against
 * replays. A blog deleted with its posts (`BlogDeleted`) takes every row of that blog with it.
 */
export const postsProjection = storeProjection({
  version: 1,
  eventTypes: [...POST_EVENT_TYPES, 'BlogDeleted'],
  tables: [POSTS_TABLE],
  async apply(event: PostEvent | BlogDeleted, db: PostDb, { storeId, recorded }) {
    if (event.type === 'BlogDeleted') return deleteInStore(db, 'posts', storeId, { blog_id: event.data.blogId })
    return handleEntityEvent(POST_HANDLERS, event, entityRow(db, 'posts', event.data.postId, recorded))
  },
})
