import { randomUUID } from 'node:crypto'
import { describe, it } from 'vitest'
import { urlRedirectStream } from '../../../domain/webstore/url-redirect/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { urlRedirectsProjection } from './projection.js'

const spec = useProjectionSpec(urlRedirectsProjection)

function created(shop: SpecStore, id: string, path = '/products/old', target = '/products/new') {
  return shop.event(urlRedirectStream(shop.storeId, id), 'UrlRedirectCreated', { urlRedirectId: id, path, target })
}

describe('url_redirects read model', () => {
  it('files a created redirect with its times', async () => {
    const shop = spec.store()
    const id = randomUUID()
    await spec.given([created(shop, id)]).thenRows('url_redirects', shop.storeId, [
      {
        id,
        organization_id: shop.organizationId,
        path: '/products/old',
        target: '/products/new',
        revision: 0,
      },
    ])
  })

  it('moves the path and the target, and drops a deleted redirect', async () => {
    const shop = spec.store()
    const id = randomUUID()
    const stream = urlRedirectStream(shop.storeId, id)
    await spec
      .given([
        created(shop, id),
        shop.event(stream, 'UrlRedirectPathChanged', {
          urlRedirectId: id,
          from: '/products/old',
          to: '/products/older',
        }),
        shop.event(stream, 'UrlRedirectTargetChanged', {
          urlRedirectId: id,
          from: '/products/new',
          to: 'https://x.test/',
        }),
      ])
      .thenRows('url_redirects', shop.storeId, [
        { id, path: '/products/older', target: 'https://x.test/', revision: 2 },
      ])
    await spec
      .given([shop.event(stream, 'UrlRedirectDeleted', { urlRedirectId: id, path: '/products/older' })])
      .thenRows('url_redirects', shop.storeId, [])
  })

  it('leaves the rows of another store alone, and ignores an event it has already applied', async () => {
    const shop = spec.store()
    const other = spec.store()
    const id = randomUUID()
    const stream = urlRedirectStream(shop.storeId, id)
    const first = created(shop, id, '/a-old', '/a')
    const retargeted = shop.event(stream, 'UrlRedirectTargetChanged', { urlRedirectId: id, from: '/a', to: '/b' })
    await spec.given([first, retargeted]).thenRows('url_redirects', shop.storeId, [{ id, target: '/b' }])
    await spec
      .given([
        created(other, randomUUID(), '/a-old', '/elsewhere'),
        { ...retargeted, data: { urlRedirectId: id, from: '/a', to: '/replayed' } },
      ])
      .thenRows('url_redirects', shop.storeId, [{ id, target: '/b' }])
  })
})
