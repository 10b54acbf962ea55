import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { addItem, createMenu, ok } from '../../../test/support/menus.js'
import { createPost, createShopperContent } from '../../../test/support/webstore-content.js'
import { createProduct } from '../../../test/support/products.js'
import { countOf, textsOf, useThemedShop, visit, visitNotFound } from '../../../test/support/storefront.js'

const t = useTestApp()
const shop = useThemedShop(t, 'content-shop')
let aboutId: string

const PAGE_UPDATE = 'mutation ($input: PageUpdateInput!) { pageUpdate(input: $input) { eventPosition } }'

beforeAll(async () => {
  const { about, news } = await createShopperContent(t, shop.apiKey)
  aboutId = about.id
  await createPost(t, shop.apiKey, { blogId: news.id, title: 'Unfinished', handle: 'unfinished', status: 'DRAFT' })
  const hidden = await createProduct(t, shop.apiKey, { title: 'Hidden', handle: 'hidden', status: 'DRAFT' })
  const main = await createMenu(t, shop.apiKey, { title: 'Main', handle: 'main-menu' })
  await addItem(t, shop.apiKey, {
    menuId: main.id,
    title: 'About',
    link: { type: 'PAGE', resourceId: about.id },
  })
  await addItem(t, shop.apiKey, { menuId: main.id, title: 'News', link: { type: 'BLOG', resourceId: news.id } })
  await addItem(t, shop.apiKey, { menuId: main.id, title: 'Secret', link: { type: 'PRODUCT', resourceId: hidden.id } })
  const footer = await createMenu(t, shop.apiKey, { title: 'Footer', handle: 'footer' })
  await addItem(t, shop.apiKey, { menuId: footer.id, title: 'Help', link: { type: 'URL', url: '/pages/about' } })
})

describe('pages', () => {
  it('renders a published page with its SEO title and description, text escaped and HTML kept', async () => {
    const response = await visit(t, shop.host, '/pages/about')
    expect(response.statusCode).toBe(200)
    expect(textsOf(response.body, 'h1')).toEqual(['About &lt;us&gt;'])
    expect(countOf(response.body, 'h1')).toBe(1)
    expect(response.body).toContain('<p>We make <em>things</em>.</p>')
    expect(response.body).toContain('<title>About the shop &ndash; Store content-shop</title>')
    expect(response.body).toContain('<meta name="description" content="Who we are">')
  })

  it('does not repeat the store name in the title when the SEO title already names it', async () => {
    await ok(t, shop.apiKey, PAGE_UPDATE, { id: aboutId, seo: { title: 'About | Store content-shop' } }, 'pageUpdate')
    const response = await visit(t, shop.host, '/pages/about')
    expect(response.body).toContain('<title>About | Store content-shop</title>')
  })

  it.each([
    ['a draft', '/pages/draft'],
    ['a page scheduled for later', '/pages/soon'],
    ['a missing page', '/pages/none'],
  ])('answers %s with the themed 404', async (_, path) => {
    await visitNotFound(t, shop.host, path)
  })
})

describe('blogs', () => {
  it('lists the published posts of a blog', async () => {
    const response = await visit(t, shop.host, '/blogs/news')
    expect(response.statusCode).toBe(200)
    expect(textsOf(response.body, 'h1')).toEqual(['News'])
    expect(textsOf(response.body, 'h2')).toEqual(['Hello world'])
    expect(response.body).toContain('href="/blogs/news/hello"')
  })

  it('renders a published post with its author', async () => {
    const response = await visit(t, shop.host, '/blogs/news/hello')
    expect(response.statusCode).toBe(200)
    expect(textsOf(response.body, 'h1')).toEqual(['Hello world'])
    expect(response.body).toContain('by Ada')
    expect(response.body).toContain('<meta property="og:type" content="article">')
  })

  it.each([
    ['a draft post', '/blogs/news/unfinished'],
    ['a post under another blog handle', '/blogs/other/hello'],
    ['a missing blog', '/blogs/none'],
  ])('answers %s with the themed 404', async (_, path) => {
    expect((await visit(t, shop.host, path)).statusCode).toBe(404)
  })
})

describe('menus', () => {
  it('shows the main menu with resolved links, leaving out links to what shoppers may not see', async () => {
    const response = await visit(t, shop.host, '/pages/about')
    const nav = /<nav class="site-header__menu"[\s\S]*?<\/nav>/.exec(response.body)![0]
    expect(textsOf(nav, 'a')).toEqual(['About', 'News'])
    expect(nav).toContain('<a href="/pages/about" aria-current="page">About</a>')
    expect(nav).toContain('<a href="/blogs/news">News</a>')
  })
})

describe('the themed 404', () => {
  it('answers unknown paths with status 404 and the theme around it', async () => {
    const response = await visitNotFound(t, shop.host, '/no/such/thing')
    expect(response.body).toContain('<footer id="shopify-section-footer"')
  })
})

describe('crawlers', () => {
  it('serves robots.txt naming the sitemap', async () => {
    const response = await visit(t, shop.host, '/robots.txt')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.body).toContain('Sitemap: http://content-shop.localhost/sitemap.xml')
  })

  it('indexes one sitemap per type with visible content, and lists only what shoppers may see', async () => {
    const index = await visit(t, shop.host, '/sitemap.xml')
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect([...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'http://content-shop.localhost/sitemap_pages_1.xml',
      'http://content-shop.localhost/sitemap_blogs_1.xml',
    ])
    const pages = await visit(t, shop.host, '/sitemap_pages_1.xml')
    expect([...pages.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'http://content-shop.localhost/pages/about',
    ])
    const posts = await visit(t, shop.host, '/sitemap_blogs_1.xml')
    expect(posts.body).toContain('<loc>http://content-shop.localhost/blogs/news/hello</loc>')
    expect(posts.body).not.toContain('unfinished')
    expect((await visit(t, shop.host, '/sitemap_products_2.xml')).statusCode).toBe(404)
  })
})
