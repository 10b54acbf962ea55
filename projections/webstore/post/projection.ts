import type { BlogDeleted } from '../../../domain/webstore/blog/blog.js'
import { POST_EVENT_TYPES, type PostEvent } from '../../../domain/webstore/post/events.js'
import { publicationColumns } from '../../shared/publishable.js'
import { entityRow } from '../../shared/entity-row.js'
import { deleteInStore } from '../../shared/store-rows.js'
import { POSTS_TABLE, type PostDb } from './tables.js'
import { storeProjection } from '../../shared/entity-projection.js'

/**
 * The `posts` read model: one row per live post of every store, guarded by revision against
 * replays. A blog deleted with its posts (`BlogDeleted`) takes every row of that blog with it.
 */
export const postsProjection = storeProjection({
  name: 'posts',
  version: 1,
  eventTypes: [...POST_EVENT_TYPES, 'BlogDeleted'],
  tables: [POSTS_TABLE],
  async apply(event: PostEvent | BlogDeleted, db: PostDb, { storeId, recorded }) {
    if (event.type === 'BlogDeleted') {
      return deleteInStore(db, 'posts', storeId, { blog_id: event.data.blogId })
    }
    const post = entityRow(db, 'posts', event.data.postId, recorded)
    switch (event.type) {
      case 'PostCreated': {
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
      }
      case 'PostRetitled':
        return post.change({ title: event.data.title })
      case 'PostHandleChanged':
        return post.change({ handle: event.data.to })
      case 'PostBodyChanged':
        return post.change({ body: event.data.body })
      case 'PostExcerptChanged':
        return post.change({ excerpt: event.data.excerpt })
      case 'PostAuthorChanged':
        return post.change({ author: event.data.author })
      case 'PostTagsChanged':
        return post.change({ tags: event.data.tags })
      case 'PostCoverChanged':
        return post.change({ cover_media_id: event.data.mediaId })
      case 'PostSeoChanged':
        return post.change({ seo_title: event.data.title, seo_description: event.data.description })
      case 'PostPublished':
      case 'PostUnpublished':
      case 'PostPublishScheduled':
      case 'PostPublishUnscheduled':
        return post.change(publicationColumns(event.type, event.data)!)
      case 'PostDeleted':
        return post.delete()
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
})
