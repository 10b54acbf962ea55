import { describe, expect, it } from 'vitest'
import { sitemapFiles } from './crawl.js'
import { escapeOnce, unescapeHtml, escapeHtml } from './liquid/escape.js'
import { defaultPagination, pageNumber, paginateObject } from './liquid/pagination.js'
import { splitLocale } from './locale.js'
import { shopperFilter, sortByOf } from './objects/filters.js'

describe('sitemap files', () => {
  it('splits a type past the per-file cap and lists no file for an empty type', () => {
    expect(
      sitemapFiles('https://s.example', { products: 120_001, collections: 3, categories: 2, pages: 0, blogs: 50_000 }),
    ).toEqual([
      'https://s.example/sitemap_products_1.xml',
      'https://s.example/sitemap_products_2.xml',
      'https://s.example/sitemap_products_3.xml',
      'https://s.example/sitemap_collections_1.xml',
      'https://s.example/sitemap_categories_1.xml',
      'https://s.example/sitemap_blogs_1.xml',
    ])
  })
})

describe('locale prefixes', () => {
  it('takes an enabled locale off the path in any case, and leaves other first segments alone', () => {
    const enabled = ['en', 'fr', 'fr-CA']
    expect(splitLocale('/FR-ca/products/x', enabled, 'en')).toEqual({
      locale: 'fr-CA',
      path: '/products/x',
      prefixed: true,
    })
    expect(splitLocale('/fr', enabled, 'en')).toEqual({ locale: 'fr', path: '/', prefixed: true })
    expect(splitLocale('/de/products/x', enabled, 'en')).toEqual({
      locale: 'en',
      path: '/de/products/x',
      prefixed: false,
    })
    expect(splitLocale('/products/fr', enabled, 'en')).toEqual({ locale: 'en', path: '/products/fr', prefixed: false })
  })
})

describe('storefront query strings', () => {
  it('turns Shopify filter parameters into a product filter that always keeps the visibility rule', () => {
    const query = new URLSearchParams(
      'filter.p.tag=a&filter.p.tag=b&filter.v.price.gte=10&filter.v.price.lte=x&filter.v.availability=1&filter.p.m.custom.color=red&status=DRAFT',
    )
    expect(shopperFilter(query, true)).toEqual({
      status: ['ACTIVE'],
      tags: { any: ['a', 'b'] },
      price: { min: '10', max: null },
      inventory: { min: 1 },
      attributes: [{ code: 'color', in: ['red'] }],
    })
  })

  it('falls back to the default sort for an unknown sort_by', () => {
    expect(sortByOf(new URLSearchParams('sort_by=price-ascending'), 'manual', true)).toEqual({
      value: 'price-ascending',
      sort: 'PRICE_ASC',
    })
    expect(sortByOf(new URLSearchParams('sort_by=drop-table'), 'manual', true)).toEqual({ value: 'manual', sort: null })
  })
})

describe('pagination', () => {
  it('reads ?page= as a page from 1 to 1000, else 1', () => {
    expect([
      pageNumber('3'),
      pageNumber('0'),
      pageNumber('x'),
      pageNumber('2.5'),
      pageNumber('1001'),
      pageNumber(null),
    ]).toEqual([3, 1, 1, 1, 1, 1])
  })

  it('links neighbours and ends with ellipses between, keeping the query', () => {
    const paginate = paginateObject(
      '/collections/all',
      new URLSearchParams('sort_by=title-ascending&page=5'),
      5,
      10,
      200,
    )
    expect(paginate.pages).toBe(20)
    expect(paginate.parts.map((part) => part.title)).toEqual([
      '1',
      '&hellip;',
      '3',
      '4',
      '5',
      '6',
      '7',
      '&hellip;',
      '20',
    ])
    expect(paginate.previous?.url).toBe('/collections/all?sort_by=title-ascending&page=4')
    expect(paginate.parts[0]!.url).toBe('/collections/all?sort_by=title-ascending')
    expect(defaultPagination(paginate)).toContain('<span class="page current" aria-current="page">5</span>')
    expect(defaultPagination(paginateObject('/x', new URLSearchParams(), 1, 10, 5))).toBe('')
  })
})

describe('escaping', () => {
  it('escapes text once, however often a theme escapes it again', () => {
    const once = escapeHtml(`Tom & "Jerry" <3`)
    expect(escapeOnce(once)).toBe(once)
    expect(escapeOnce('a & b')).toBe('a &amp; b')
    expect(unescapeHtml(once)).toBe(`Tom & "Jerry" <3`)
  })
})
