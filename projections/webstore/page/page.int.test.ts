import { randomUUID } from 'node:crypto'
import { describe, it } from 'vitest'
import { pageStream } from '../../../domain/webstore/page/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { pagesProjection } from './projection.js'

const spec = useProjectionSpec(pagesProjection)

function created(shop: SpecStore, pageId: string, title = 'About') {
  return shop.event(pageStream(shop.storeId, pageId), 'PageCreated', {
    pageId,
    title,
    handle: 'about',
    body: '<p>Hi</p>',
    templateSuffix: '',
  })
}

describe('pages read model', () => {
  it('files a created page as a draft', async () => {
    const shop = spec.store()
    const pageId = randomUUID()
    await spec.given([created(shop, pageId)]).thenRows('pages', shop.storeId, [
      {
        id: pageId,
        organization_id: shop.organizationId,
        title: 'About',
        handle: 'about',
        body: '<p>Hi</p>',
        status: 'DRAFT',
        published_at: null,
        revision: 0,
      },
    ])
  })

  it('changes the body, the SEO fields and the publication of the row', async () => {
    const shop = spec.store()
    const pageId = randomUUID()
    const stream = pageStream(shop.storeId, pageId)
    const publishedAt = '2026-02-01T00:00:00.000Z'
    await spec
      .given([
        created(shop, pageId),
        shop.event(stream, 'PageBodyChanged', { pageId, body: '<p>Hello</p>' }),
        shop.event(stream, 'PageSeoChanged', { pageId, title: 'About us', description: 'Who we are' }),
        shop.event(stream, 'PagePublished', { pageId, publishedAt }),
      ])
      .thenRows('pages', shop.storeId, [
        {
          id: pageId,
          body: '<p>Hello</p>',
          seo_title: 'About us',
          seo_description: 'Who we are',
          status: 'PUBLISHED',
          published_at: publishedAt,
          revision: 3,
        },
      ])
    await spec
      .given([shop.event(stream, 'PageUnpublished', { pageId })])
      .thenRows('pages', shop.storeId, [{ id: pageId, status: 'DRAFT', published_at: null, revision: 4 }])
  })

  it('drops a deleted page', async () => {
    const shop = spec.store()
    const pageId = randomUUID()
    await spec
      .given([
        created(shop, pageId),
        shop.event(pageStream(shop.storeId, pageId), 'PageDeleted', { pageId, handle: 'about' }),
      ])
      .thenRows('pages', shop.storeId, [])
  })

  it('leaves the rows of another store alone, and ignores an event it has already applied', async () => {
    const shop = spec.store()
    const other = spec.store()
    const pageId = randomUUID()
    const stream = pageStream(shop.storeId, pageId)
    const first = created(shop, pageId)
    const retitled = shop.event(stream, 'PageRetitled', { pageId, title: 'Story' })
    await spec.given([first, retitled]).thenRows('pages', shop.storeId, [{ id: pageId, title: 'Story' }])
    await spec
      .given([created(other, randomUUID(), 'Elsewhere'), { ...retitled, data: { pageId, title: 'Replayed' } }])
      .thenRows('pages', shop.storeId, [{ id: pageId, title: 'Story' }])
  })
})
