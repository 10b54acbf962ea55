import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/support/app.js'
import { addItem, createMenu } from '../../test/support/menus.js'
import { createProduct } from '../../test/support/products.js'
import { useStorefrontShop } from '../../test/support/storefront-api.js'
import { createPage, createPost, createShopperContent } from '../../test/support/webstore-content.js'

// Pages, blogs, articles and menus through the public API: what is not published (yet) is absent
// exactly like what does not exist.

const t = useTestApp()
const shop = useStorefrontShop(t, 'sfapi-content')

beforeAll(async () => {
  const { about, news } = await createShopperContent(t, shop.apiKey)
  await createPost(t, shop.apiKey, {
    blogId: news.id,
    title: 'Future',
    handle: 'future',
    status: 'DRAFT',
    publishAt: new Date(Date.now() + 3_600_000).toISOString(),
  })
  const hidden = await createProduct(t, shop.apiKey, { title: 'Hidden', handle: 'hidden', status: 'DRAFT' })
  const main = await createMenu(t, shop.apiKey, { title: 'Main', handle: 'main-menu' })
  await addItem(t, shop.apiKey, { menuId: main.id, title: 'About', link: { type: 'PAGE', resourceId: about.id } })
  await addItem(t, shop.apiKey, { menuId: main.id, title: 'News', link: { type: 'BLOG', resourceId: news.id } })
  await addItem(t, shop.apiKey, { menuId: main.id, title: 'Secret', link: { type: 'PRODUCT', resourceId: hidden.id } })
  await addItem(t, shop.apiKey, { menuId: main.id, title: 'Help', link: { type: 'URL', url: 'https://help.example' } })
  const other = await t.tenant('sfapi-content-other')
  await createPage(t, other.apiKey, { title: 'Theirs', handle: 'theirs', status: 'PUBLISHED' })
})

describe('pages', () => {
  it('serves a published page as text and its HTML body', async () => {
    const response = await shop.query<{ page: unknown }>(
      '{ page(handle: "about") { handle title body seo { title description } } }',
    )
    expect(response.data!.page).toEqual({
      handle: 'about',
      title: 'About <us>',
      body: '<p>We make <em>things</em>.</p>',
      seo: { title: 'About the shop', description: 'Who we are' },
    })
  })

  it.each(['draft', 'soon', 'theirs', 'none'])(
    'answers page %s (draft, scheduled, other store, missing) with null',
    async (handle) => {
      const response = await shop.query<{ page: unknown }>('query ($h: String!) { page(handle: $h) { id } }', {
        h: handle,
      })
      expect(response).toMatchObject({ data: { page: null }, errors: undefined })
    },
  )

  it('lists visible pages only', async () => {
    const response = await shop.query<{ pages: { nodes: { handle: string }[] } }>(
      '{ pages(first: 10) { nodes { handle } } }',
    )
    expect(response.data!.pages.nodes).toEqual([{ handle: 'about' }])
  })
})

describe('blogs and articles', () => {
  it('serves a blog with its published articles only', async () => {
    const response = await shop.query<{ blog: unknown }>(
      '{ blog(handle: "news") { handle title articles(first: 10) { nodes { handle title author body blogHandle } } } }',
    )
    expect(response.data!.blog).toEqual({
      handle: 'news',
      title: 'News',
      articles: {
        nodes: [
          { handle: 'hello', title: 'Hello world', author: 'Ada', body: '<p>First post.</p>', blogHandle: 'news' },
        ],
      },
    })
  })

  it('answers a future article like a missing one', async () => {
    const ARTICLE = 'query ($b: String!, $h: String!) { article(blogHandle: $b, handle: $h) { handle } }'
    expect((await shop.query(ARTICLE, { b: 'news', h: 'hello' })).data).toEqual({ article: { handle: 'hello' } })
    for (const [b, h] of [
      ['news', 'future'],
      ['news', 'none'],
      ['none', 'hello'],
    ])
      expect((await shop.query(ARTICLE, { b, h })).data).toEqual({ article: null })
  })
})

describe('menu', () => {
  it('resolves item URLs and leaves out items linking to hidden things', async () => {
    const response = await shop.query<{ menu: unknown }>(
      '{ menu(handle: "main-menu") { handle title items { title url type } } }',
    )
    expect(response.data!.menu).toEqual({
      handle: 'main-menu',
      title: 'Main',
      items: [
        { title: 'About', url: '/pages/about', type: 'PAGE' },
        { title: 'News', url: '/blogs/news', type: 'BLOG' },
        { title: 'Help', url: 'https://help.example', type: 'URL' },
      ],
    })
  })

  it('answers a missing menu with null', async () => {
    expect((await shop.query('{ menu(handle: "none") { id } }')).data).toEqual({ menu: null })
  })
})
