import { describe, it } from 'vitest'
import { pageStream } from '../../../domain/webstore/page/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { pagesProjection } from './projection.js'

const spec = useProjectionSpec(pagesProjection)

function pageOf(shop: SpecStore) {
  const page = shop.newEntity(pageStream, 'pageId')
  return {
    ...page,
    created: (title = 'About') =>
      page.event('PageCreated', { title, handle: 'about', body: '<p>Hi</p>', templateSuffix: '' }),
  }
}

describe('pages read model', () => {
  it('files a created page as a draft', async () => {
    const shop = spec.store()
    const about = pageOf(shop)
    await spec.givenCreated(shop, about.pageId, about.created()).thenRow('pages', {
      title: 'About',
      handle: 'about',
      body: '<p>Hi</p>',
      template_suffix: '',
      status: 'DRAFT',
      published_at: null,
    })
  })

  it('changes the body, the SEO fields and the publication of the row', async () => {
    const shop = spec.store()
    const about = pageOf(shop)
    const publishedAt = '2026-02-01T00:00:00.000Z'
    await spec
      .given([
        about.created(),
        about.event('PageBodyChanged', { body: '<p>Hello</p>' }),
        about.event('PageSeoChanged', { title: 'About us', description: 'Who we are' }),
        about.event('PagePublished', { publishedAt }),
      ])
      .thenRows('pages', shop.storeId, [
        {
          id: about.pageId,
          body: '<p>Hello</p>',
          seo_title: 'About us',
          seo_description: 'Who we are',
          status: 'PUBLISHED',
          published_at: publishedAt,
          revision: 3,
        },
      ])
    await spec
      .given([about.event('PageUnpublished')])
      .thenRows('pages', shop.storeId, [{ id: about.pageId, status: 'DRAFT', published_at: null, revision: 4 }])
  })

  it('drops a deleted page', async () => {
    const shop = spec.store()
    const about = pageOf(shop)
    await spec
      .given([about.created(), about.event('PageDeleted', { handle: 'about' })])
      .thenRows('pages', shop.storeId, [])
  })

  it('leaves the rows of another store alone, and ignores an event it has already applied', async () => {
    const shop = spec.store()
    const about = pageOf(shop)
    const first = about.created()
    const retitled = about.event('PageRetitled', { title: 'Story' })
    await spec.given([first, retitled]).thenRows('pages', shop.storeId, [{ id: about.pageId, title: 'Story' }])
    await spec
      .given([
        pageOf(spec.store()).created('Elsewhere'),
        { ...retitled, data: { ...retitled.data, title: 'Replayed' } },
      ])
      .thenRows('pages', shop.storeId, [{ id: about.pageId, title: 'Story' }])
  })
})
