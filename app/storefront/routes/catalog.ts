import type { ProductRecord } from '../../../projections/catalog/product/queries.js'
import { SEARCH_WORDS_MAX } from '../../../projections/shared/filters.js'
import { escapeHtml, unescapeHtml } from '../liquid/escape.js'
import { collectionByHandle, collectionList } from '../objects/collection.js'
import type { ObjectContext } from '../objects/context.js'
import { filterObjects, shopperFilter, sortByOf, sortOptions } from '../objects/filters.js'
import { registerPaginator } from '../objects/paginators.js'
import { productObjects, type ProductObject } from '../objects/product.js'
import { plainText, routedPage, type Crumb, type RoutedPage } from './page.js'

/** Most characters of a search a shopper may send: longer ones are cut, not refused. */
const SEARCH_MAX = 200
const UNPAGINATED = 50

/** Schema.org's availability of a product with stock or without. */
const availability = (available: boolean) => `https://schema.org/${available ? 'InStock' : 'OutOfStock'}`

/** Structured data of a product: Product with one offer per variant (when the store sells). */
function productJsonLd(
  product: ProductObject,
  record: ProductRecord,
  title: string,
  origin: string,
  currency: string,
  commerce: boolean,
): Record<string, unknown> {
  const url = `${origin}${product.url}`
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: title,
    url,
    description: plainText(record.description, 5000),
    ...(record.vendor ? { brand: { '@type': 'Brand', name: record.vendor } } : {}),
    ...(product.images.length ? { image: product.images.map((image) => `${origin}${image.src}`) } : {}),
    ...(product.variants[0]?.sku ? { sku: product.variants[0].sku } : {}),
    ...(commerce && product.variants.length
      ? {
          // Every variant has a price while the store sells (catalog mode has none).
          offers: product.variants.flatMap(({ price, ...variant }) =>
            price === null
              ? []
              : [
                  {
                    '@type': 'Offer',
                    price: (price / 100).toFixed(2),
                    priceCurrency: currency,
                    availability: availability(variant.available),
                    url: `${origin}${variant.url}`,
                    ...(variant.sku ? { sku: variant.sku } : {}),
                  },
                ],
          ),
        }
      : {}),
  }
}

export interface CatalogRouteOptions {
  origin: string
  commerceEnabled: boolean
}

/** `/products/<handle>` and `/collections/<c>/products/<handle>`: an ACTIVE product, else null (404). */
export async function productPage(
  ctx: ObjectContext,
  handle: string,
  options: CatalogRouteOptions,
  collectionHandle: string | null = null,
): Promise<RoutedPage | null> {
  const collection = collectionHandle ? await collectionByHandle(ctx, collectionHandle, false) : null
  if (collectionHandle && !collection) return null
  const record = await ctx.shopper.product(handle)
  if (!record) return null
  const [product] = await productObjects(ctx, [record], ctx.query.get('variant'))
  const title = ctx.overlay.text(record.id, 'title', record.title)
  const breadcrumbs: Crumb[] = [
    ...(collection ? [{ name: unescapeHtml(collection.title), path: `/collections/${collection.handle}` }] : []),
    { name: title, path: `/products/${record.handle}` },
  ]
  return routedPage({
    template: 'product',
    pageType: 'product',
    objects: { product, ...(collection ? { collection } : {}) },
    title: ctx.overlay.text(record.id, 'seo.title', record.seo.title) || title,
    description:
      ctx.overlay.text(record.id, 'seo.description', record.seo.description) ||
      plainText(ctx.overlay.text(record.id, 'description', record.description)),
    ogType: 'product',
    image: product!.featured_image?.src ?? null,
    canonicalPath: `/products/${record.handle}`,
    breadcrumbs,
    jsonLd: [productJsonLd(product!, record, title, options.origin, ctx.currency, options.commerceEnabled)],
  })
}

/** `/collections/<handle>`: a PUBLISHED collection (or `all`), its products filtered and sorted by the query string. */
export async function collectionPage(ctx: ObjectContext, handle: string): Promise<RoutedPage | null> {
  const collection = await collectionByHandle(ctx, handle, true)
  if (!collection) return null
  const title = unescapeHtml(collection.title)
  return routedPage({
    template: 'collection',
    pageType: 'collection',
    objects: { collection },
    title: unescapeHtml(collection.seo.title) || title,
    description: unescapeHtml(collection.seo.description) || plainText(collection.description),
    canonicalPath: `/collections/${collection.handle}`,
    breadcrumbs: [{ name: title, path: `/collections/${collection.handle}` }],
  })
}

/** `/collections`: the store's published collections by title, rendered by the theme's `list-collections` template. */
export async function collectionListPage(ctx: ObjectContext): Promise<RoutedPage> {
  return routedPage({
    template: 'list-collections',
    pageType: 'list-collections',
    objects: { collections: await collectionList(ctx) },
    title: 'Collections',
    canonicalPath: '/collections',
    breadcrumbs: [{ name: 'Collections', path: '/collections' }],
  })
}

/**
 * What a shopper searched for, cut to what a search may hold: at most SEARCH_MAX characters and
 * SEARCH_WORDS_MAX words, without NUL (which no text holds, so it separates words like a space).
 */
function searchTerms(q: string | null): string {
  const words = (q ?? '').replaceAll('\u0000', ' ').slice(0, SEARCH_MAX).trim().split(/\s+/)
  return words.slice(0, SEARCH_WORDS_MAX).join(' ')
}

/**
 * `/search?q=`: the catalog's full-text search over what shoppers may see, with the collection
 * page's facets, filters and sorting; `{% paginate search.results %}` pages it.
 */
export async function searchPage(ctx: ObjectContext): Promise<RoutedPage> {
  const terms = searchTerms(ctx.query.get('q'))
  const filter = shopperFilter(ctx.query, ctx.commerceEnabled, terms ? { search: terms } : {})
  const { value: sortBy, sort } = sortByOf(ctx.query, 'manual', ctx.commerceEnabled)
  const read = async (page: number, size: number) => {
    if (!terms) return { items: [] as ProductObject[], total: 0 }
    const connection = await ctx.shopper.products({ page, limit: size, filter, ...(sort ? { sort } : {}) })
    return { items: await productObjects(ctx, connection.nodes), total: connection.totalCount }
  }
  const first = await read(1, UNPAGINATED)
  const search = {
    performed: terms !== '',
    terms: escapeHtml(terms),
    results: first.items,
    results_count: first.total,
    sort_by: sortBy,
    default_sort_by: 'manual',
    sort_options: sortOptions(ctx.commerceEnabled).map(({ value, name }) => ({
      value,
      name: value === 'manual' ? 'Relevance' : name,
    })),
    types: ['product'],
    url: ctx.url('/search'),
    filters: terms
      ? filterObjects(ctx.url('/search'), ctx.query, await ctx.shopper.facets(filter), ctx.commerceEnabled)
      : [],
  }
  registerPaginator(search, 'results', read)
  return routedPage({
    template: 'search',
    pageType: 'search',
    objects: { search },
    title: terms ? `Search: ${terms}` : 'Search',
    canonicalPath: '/search',
  })
}
