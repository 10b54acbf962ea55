import { beforeAll, describe, expect, it } from 'vitest'
import { useTenant, useTestApp } from '../../../test/support/app.js'
import { untilMainTheme } from '../../../test/support/themes.js'
import { countOf, visit } from '../../../test/support/storefront.js'

const t = useTestApp()
const shop = useTenant(t, 'host-shop')

beforeAll(async () => {
  await untilMainTheme(t, shop.apiKey)
})

describe('host dispatch', () => {
  it('renders the store home page on <slug>.<PLATFORM_HOST>, with a port as a browser sends it', async () => {
    const response = await visit(t, 'host-shop.localhost:8080', '/')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.body).toMatch(/^<!doctype html>/)
    expect(response.body).toContain('Store host-shop')
    expect(response.body).toContain('<div id="shopify-section-template--index__featured" class="shopify-section">')
    expect(response.body).toContain('<header id="shopify-section-header" class="shopify-section">')
    expect(countOf(response.body, 'h1')).toBe(1)
  })

  it('answers HEAD like GET without a body', async () => {
    const response = await visit(t, 'host-shop.localhost', '/', { method: 'HEAD' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('')
  })

  it('refuses other methods with 405 and Allow', async () => {
    const response = await visit(t, 'host-shop.localhost', '/', { method: 'POST' })
    expect(response.statusCode).toBe(405)
    expect(response.headers.allow).toBe('GET, HEAD')
  })

  it('answers an unknown store host with the platform 404 page', async () => {
    const response = await visit(t, 'nope.localhost', '/')
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.body).toContain('Store not found')
  })

  it('keeps the platform routes on the platform host and leaves /graphql to the store host only through them', async () => {
    const health = await visit(t, 'localhost:8080', '/health')
    expect(health.statusCode).toBe(200)
    const onStore = await visit(t, 'host-shop.localhost', '/health')
    expect(onStore.statusCode).toBe(404)
    expect(onStore.body).toContain('<!doctype html>')
  })

  it('leaves /storage/* to the platform on a store host', async () => {
    const response = await visit(t, 'host-shop.localhost', `/storage/${shop.storeId}/${'0'.repeat(64)}.png`)
    expect(response.headers['content-type']).not.toContain('text/html')
  })

  it('serves the theme stylesheet asset_url points at, cacheable for a year', async () => {
    const home = await visit(t, 'host-shop.localhost', '/')
    const href = /<link href="([^"]+)" rel="stylesheet"/.exec(home.body)![1]!
    expect(href).toMatch(/^\/cdn\/assets\/base\.css\?v=[0-9a-f]{16}$/)
    const css = await visit(t, 'host-shop.localhost', href)
    expect(css.statusCode).toBe(200)
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })
})
