import { describe, it } from 'vitest'
import { urlRedirectStream } from '../../../domain/webstore/url-redirect/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { urlRedirectsProjection } from './projection.js'

const spec = useProjectionSpec(urlRedirectsProjection)

function redirectOf(shop: SpecStore) {
  const redirect = shop.newEntity(urlRedirectStream, 'urlRedirectId')
  return {
    ...redirect,
    created: (path = '/products/old', target = '/products/new') =>
      redirect.event('UrlRedirectCreated', { path, target }),
  }
}

describe('url_redirects read model', () => {
  it('files a created redirect with its times', async () => {
    const shop = spec.store()
    const redirect = redirectOf(shop)
    await spec
      .givenCreated(shop, redirect.urlRedirectId, redirect.created())
      .thenRow('url_redirects', { path: '/products/old', target: '/products/new' })
  })

  it('moves the path and the target, and drops a deleted redirect', async () => {
    const shop = spec.store()
    const redirect = redirectOf(shop)
    const id = redirect.urlRedirectId
    await spec
      .given([
        redirect.created(),
        redirect.event('UrlRedirectPathChanged', { from: '/products/old', to: '/products/older' }),
        redirect.event('UrlRedirectTargetChanged', { from: '/products/new', to: 'https://x.test/' }),
      ])
      .thenRows('url_redirects', shop.storeId, [
        { id, path: '/products/older', target: 'https://x.test/', revision: 2 },
      ])
    await spec
      .given([redirect.event('UrlRedirectDeleted', { path: '/products/older' })])
      .thenRows('url_redirects', shop.storeId, [])
  })

  it('leaves the rows of another store alone, and ignores an event it has already applied', async () => {
    const shop = spec.store()
    const redirect = redirectOf(shop)
    const id = redirect.urlRedirectId
    const first = redirect.created('/a-old', '/a')
    const retargeted = redirect.event('UrlRedirectTargetChanged', { from: '/a', to: '/b' })
    await spec.given([first, retargeted]).thenRows('url_redirects', shop.storeId, [{ id, target: '/b' }])
    await spec
      .given([
        redirectOf(spec.store()).created('/a-old', '/elsewhere'),
        { ...retargeted, data: { urlRedirectId: id, from: '/a', to: '/replayed' } },
      ])
      .thenRows('url_redirects', shop.storeId, [{ id, target: '/b' }])
  })
})
