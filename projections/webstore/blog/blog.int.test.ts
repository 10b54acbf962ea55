import { randomUUID } from 'node:crypto'
import { describe, it } from 'vitest'
import { blogStream } from '../../../domain/webstore/blog/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { blogsProjection } from './projection.js'

const spec = useProjectionSpec(blogsProjection)

function created(shop: SpecStore, blogId: string, title = 'News', handle = 'news') {
  return shop.event(blogStream(shop.storeId, blogId), 'BlogCreated', { blogId, title, handle })
}

describe('blogs read model', () => {
  it('files a created blog under its store', async () => {
    const shop = spec.store()
    const blogId = randomUUID()
    await spec
      .given([created(shop, blogId)])
      .thenRows('blogs', shop.storeId, [
        { id: blogId, organization_id: shop.organizationId, title: 'News', handle: 'news', revision: 0 },
      ])
  })

  it('retitles and moves the handle of the row, moving its revision', async () => {
    const shop = spec.store()
    const blogId = randomUUID()
    const stream = blogStream(shop.storeId, blogId)
    await spec
      .given([
        created(shop, blogId),
        shop.event(stream, 'BlogRetitled', { blogId, title: 'Journal' }),
        shop.event(stream, 'BlogHandleChanged', { blogId, from: 'news', to: 'journal' }),
      ])
      .thenRows('blogs', shop.storeId, [{ id: blogId, title: 'Journal', handle: 'journal', revision: 2 }])
  })

  it('drops a deleted blog', async () => {
    const shop = spec.store()
    const blogId = randomUUID()
    await spec
      .given([
        created(shop, blogId),
        shop.event(blogStream(shop.storeId, blogId), 'BlogDeleted', { blogId, handle: 'news', postIds: [] }),
      ])
      .thenRows('blogs', shop.storeId, [])
  })

  it('leaves another store and a replayed event alone', async () => {
    const shop = spec.store()
    const other = spec.store()
    const blogId = randomUUID()
    const first = created(shop, blogId)
    await spec.given([first]).thenRows('blogs', shop.storeId, [{ id: blogId, title: 'News' }])
    await spec
      .given([created(other, randomUUID(), 'Other'), { ...first, data: { ...first.data, title: 'Again' } }])
      .thenRows('blogs', shop.storeId, [{ id: blogId, title: 'News' }])
  })
})
