import { randomUUID } from 'node:crypto'
import { describe, it } from 'vitest'
import { blogStream } from '../../../domain/webstore/blog/streams.js'
import { postStream } from '../../../domain/webstore/post/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { postsProjection } from './projection.js'

const spec = useProjectionSpec(postsProjection)

function postOf(shop: SpecStore, blogId: string) {
  const post = shop.newEntity(postStream, 'postId')
  return {
    ...post,
    created: (handle = 'hello') =>
      post.event('PostCreated', {
        blogId,
        title: 'Hello',
        handle,
        body: '<p>Hi</p>',
        excerpt: 'Hi',
        author: 'Ada',
        tags: ['news'],
        coverMediaId: null,
      }),
  }
}

describe('posts read model', () => {
  it('files a created post as a draft of its blog', async () => {
    const shop = spec.store()
    const blogId = randomUUID()
    const post = postOf(shop, blogId)
    const created = post.created()
    await spec.givenCreated(shop, post.postId, created).thenRow('posts', {
      blog_id: blogId,
      title: 'Hello',
      handle: 'hello',
      body: '<p>Hi</p>',
      excerpt: 'Hi',
      author: 'Ada',
      tags: ['news'],
      cover_media_id: null,
      status: 'DRAFT',
      seo_title: '',
      seo_description: '',
      publish_at: null,
      published_at: null,
      published_sort: created.metadata.occurredAt,
    })
  })

  it('changes every field of the row, schedules, publishes and unpublishes it', async () => {
    const shop = spec.store()
    const post = postOf(shop, randomUUID())
    const mediaId = randomUUID()
    const [publishAt, publishedAt] = ['2026-03-01T09:00:00.000Z', '2026-03-01T09:00:05.000Z']
    await spec
      .given([
        post.created(),
        post.event('PostRetitled', { title: 'Hello again' }),
        post.event('PostHandleChanged', { blogId: randomUUID(), from: 'hello', to: 'hello-again' }),
        post.event('PostBodyChanged', { body: '<p>Again</p>' }),
        post.event('PostExcerptChanged', { excerpt: 'Again' }),
        post.event('PostAuthorChanged', { author: 'Grace' }),
        post.event('PostTagsChanged', { tags: ['news', 'spring'], added: ['spring'], removed: [] }),
        post.event('PostCoverChanged', { mediaId }),
        post.event('PostSeoChanged', { title: 'Again', description: 'Hello, again' }),
        post.event('PostPublishScheduled', { publishAt }),
      ])
      .thenRows('posts', shop.storeId, [
        {
          title: 'Hello again',
          handle: 'hello-again',
          body: '<p>Again</p>',
          excerpt: 'Again',
          author: 'Grace',
          tags: ['news', 'spring'],
          cover_media_id: mediaId,
          seo_title: 'Again',
          seo_description: 'Hello, again',
          status: 'DRAFT',
          publish_at: publishAt,
          revision: 9,
        },
      ])
    await spec
      .given([
        post.event('PostPublished', { publishedAt }),
        post.event('PostPublishUnscheduled', { reason: 'published' }),
      ])
      .thenRows('posts', shop.storeId, [
        { status: 'PUBLISHED', publish_at: null, published_at: publishedAt, published_sort: publishedAt, revision: 11 },
      ])
    await spec
      .given([post.event('PostUnpublished')])
      .thenRows('posts', shop.storeId, [{ status: 'DRAFT', published_at: null, revision: 12 }])
  })

  it('drops a deleted post, and every post of a blog deleted with its posts', async () => {
    const shop = spec.store()
    const [news, journal] = [randomUUID(), randomUUID()]
    const [gone, ofNews, ofJournal] = [postOf(shop, news), postOf(shop, news), postOf(shop, journal)]
    await spec
      .given([
        gone.created('gone'),
        ofNews.created('of-news'),
        ofJournal.created('of-journal'),
        gone.event('PostDeleted', { blogId: news, handle: 'gone' }),
        shop.event(blogStream(shop.storeId, news), 'BlogDeleted', {
          blogId: news,
          handle: 'news',
          postIds: [ofNews.postId],
        }),
      ])
      .thenRows('posts', shop.storeId, [{ id: ofJournal.postId, handle: 'of-journal' }])
  })

  it("ignores an event it has already applied and leaves another store's posts alone", async () => {
    const shop = spec.store()
    const other = spec.store()
    const blogId = randomUUID()
    const post = postOf(shop, blogId)
    const created = post.created()
    const retitled = post.event('PostRetitled', { title: 'Kept' })
    const events = [created, retitled]
    await spec.given(events).thenRows('posts', shop.storeId, [{ title: 'Kept', revision: 1 }])
    await spec
      .given([{ ...retitled, data: { ...retitled.data, title: 'Replayed' } }, postOf(other, blogId).created()])
      .thenRows('posts', shop.storeId, [{ title: 'Kept', revision: 1 }])
  })
})
