import { describe, it } from 'vitest'
import { blogStream } from '../../../domain/webstore/blog/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { blogsProjection } from './projection.js'

const spec = useProjectionSpec(blogsProjection)

function blogOf(shop: SpecStore) {
  const blog = shop.newEntity(blogStream, 'blogId')
  return { ...blog, created: (title = 'News', handle = 'news') => blog.event('BlogCreated', { title, handle }) }
}

describe('blogs read model', () => {
  it('files a created blog under its store', async () => {
    const shop = spec.store()
    const news = blogOf(shop)
    await spec.givenCreated(shop, news.blogId, news.created()).thenRow('blogs', { title: 'News', handle: 'news' })
  })

  it('retitles and moves the handle of the row, moving its revision', async () => {
    const shop = spec.store()
    const news = blogOf(shop)
    await spec
      .given([
        news.created(),
        news.event('BlogRetitled', { title: 'Journal' }),
        news.event('BlogHandleChanged', { from: 'news', to: 'journal' }),
      ])
      .thenRows('blogs', shop.storeId, [{ id: news.blogId, title: 'Journal', handle: 'journal', revision: 2 }])
  })

  it('drops a deleted blog', async () => {
    const shop = spec.store()
    const news = blogOf(shop)
    await spec
      .given([news.created(), news.event('BlogDeleted', { handle: 'news', postIds: [] })])
      .thenRows('blogs', shop.storeId, [])
  })

  it('leaves another store and a replayed event alone', async () => {
    const shop = spec.store()
    const news = blogOf(shop)
    const first = news.created()
    await spec.given([first]).thenRows('blogs', shop.storeId, [{ id: news.blogId, title: 'News' }])
    await spec
      .given([blogOf(spec.store()).created('Other'), { ...first, data: { ...first.data, title: 'Again' } }])
      .thenRows('blogs', shop.storeId, [{ id: news.blogId, title: 'News' }])
  })
})
