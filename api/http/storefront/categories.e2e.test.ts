import { beforeAll, describe, expect, it } from 'vitest'
import { useTenant, useTestApp } from '../../../test/support/app.js'
import { createCategory } from '../../../test/support/categories.js'
import { addItem, createMenu, ok } from '../../../test/support/menus.js'
import { createProduct } from '../../../test/support/products.js'
import { jsonLdOf, textsOf, useThemedShop, visit } from '../../../test/support/storefront.js'

// `/categories/<path>`: the catalog's tree on the storefront, with what shoppers may see in each
// category and under it, rendered by the theme's collection template.

const ADD = 'mutation ($input: CategoryProductsAddInput!) { categoryProductsAdd(input: $input) { eventPosition } }'
const t = useTestApp()
const shop = useThemedShop(t, 'tree-shop')
const other = useTenant(t, 'tree-other')

const cardsOf = (html: string) =>
  [...html.matchAll(/class="product-card__title">([^<]*)</g)].map((m) => m[1]!.trim()).sort()

beforeAll(async () => {
  const men = await createCategory(t, shop.apiKey, { title: 'Men', handle: 'men' })
  const shirts = await createCategory(t, shop.apiKey, { title: 'Shirts', handle: 'shirts', parentId: men.id })
  const oxford = await createProduct(t, shop.apiKey, { title: 'Oxford', handle: 'oxford', status: 'ACTIVE' })
  const draft = await createProduct(t, shop.apiKey, { title: 'Unreleased', handle: 'unreleased', status: 'DRAFT' })
  const scarf = await createProduct(t, shop.apiKey, { title: 'Scarf', handle: 'scarf', status: 'ACTIVE' })
  await ok(t, shop.apiKey, ADD, { categoryId: shirts.id, productIds: [oxford.id, draft.id] }, 'categoryProductsAdd')
  await ok(t, shop.apiKey, ADD, { categoryId: men.id, productIds: [scarf.id] }, 'categoryProductsAdd')
  await createCategory(t, other.apiKey, { title: 'Women', handle: 'women' })
  const menu = await createMenu(t, shop.apiKey, { title: 'Main menu', handle: 'main-menu' })
  await addItem(t, shop.apiKey, { menuId: menu.id, title: 'Shirts', link: { type: 'CATEGORY', resourceId: shirts.id } })
})

describe('category pages', () => {
  it('shows a category with the visible products of its whole subtree', async () => {
    const response = await visit(t, shop.host, '/categories/men')
    expect(response.statusCode).toBe(200)
    expect(textsOf(response.body, 'h1')).toEqual(['Men'])
    expect(cardsOf(response.body)).toEqual(['Oxford', 'Scarf'])
    expect(response.body).toContain('<link rel="canonical" href="http://tree-shop.localhost/categories/men">')
  })

  it('shows a nested category by its path, with breadcrumbs along the tree and no draft product', async () => {
    const response = await visit(t, shop.host, '/categories/Men/Shirts')
    expect(response.statusCode).toBe(200)
    expect(cardsOf(response.body)).toEqual(['Oxford'])
    const crumbs = jsonLdOf(response.body).find((o) => o['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string; item: string }[]
    }
    expect(crumbs.itemListElement.map((c) => [c.name, c.item])).toEqual([
      ['Men', 'http://tree-shop.localhost/categories/men'],
      ['Shirts', 'http://tree-shop.localhost/categories/men/shirts'],
    ])
  })

  it('links a menu item to its category, marked current on that page', async () => {
    const home = await visit(t, shop.host, '/')
    expect(home.body).toMatch(/<a href="\/categories\/men\/shirts"[^>]*>Shirts<\/a>/)
    const page = await visit(t, shop.host, '/categories/men/shirts')
    expect(page.body).toMatch(/<a href="\/categories\/men\/shirts"[^>]*aria-current="page"[^>]*>Shirts<\/a>/)
  })

  it('serves a category under a locale prefix', async () => {
    await ok(
      t,
      shop.apiKey,
      'mutation ($input: StoreUpdateInput!) { storeUpdate(input: $input) { eventPosition } }',
      { enabledLocales: ['en', 'fr'] },
      'storeUpdate',
    )
    const response = await visit(t, shop.host, '/fr/categories/men/shirts')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<link rel="canonical" href="http://tree-shop.localhost/fr/categories/men/shirts">')
  })

  it('answers 404 for a path with no category, and for another store’s category', async () => {
    expect((await visit(t, shop.host, '/categories/men/hats')).statusCode).toBe(404)
    expect((await visit(t, shop.host, '/categories/women')).statusCode).toBe(404)
    expect((await visit(t, shop.host, '/categories')).statusCode).toBe(404)
  })

  it('lists every category in its own sitemap, and none of another store', async () => {
    const index = await visit(t, shop.host, '/sitemap.xml')
    expect(index.body).toContain('<loc>http://tree-shop.localhost/sitemap_categories_1.xml</loc>')
    const categories = await visit(t, shop.host, '/sitemap_categories_1.xml')
    expect(categories.statusCode).toBe(200)
    const locs = [...categories.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual(
      expect.arrayContaining([
        'http://tree-shop.localhost/categories/men',
        'http://tree-shop.localhost/categories/men/shirts',
      ]),
    )
    expect(categories.body).not.toContain('/categories/women')
  })
})
