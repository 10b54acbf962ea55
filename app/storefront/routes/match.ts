import { textProblem } from '../../../domain/shared/boundary.js'
import type { ObjectContext } from '../objects/context.js'
import { categoryPage } from './category.js'
import { collectionListPage, collectionPage, productPage, searchPage, type CatalogRouteOptions } from './catalog.js'
import { articlePage, blogPage, contentPage } from './content.js'
import { routedPage, type RoutedPage } from './page.js'

/**
 * The path's segments, decoded; null when one does not decode or holds a NUL, which no handle can
 * (a malformed URL is a 404, not a 500).
 */
function segmentsOf(path: string): string[] | null {
  try {
    const segments = path
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment))
    return segments.some((segment) => textProblem(segment) !== undefined) ? null : segments
  } catch {
    return null
  }
}

/**
 * The page of a storefront path (without its locale prefix), Shopify's routes: `/`,
 * `/products/<h>`, `/collections`, `/collections/<h>`, `/collections/<c>/products/<h>`, `/pages/<h>`,
 * `/blogs/<b>`, `/blogs/<b>/<h>`, `/search`, and `/categories/<path>` (the catalog's tree). Null when nothing shoppers may see is there.
 */
export async function routePage(
  ctx: ObjectContext,
  path: string,
  options: CatalogRouteOptions,
): Promise<RoutedPage | null> {
  const segments = segmentsOf(path)
  if (!segments) return null
  const [first, second, third, fourth, ...rest] = segments
  if (first === 'categories' && second !== undefined) return categoryPage(ctx, segments.slice(1))
  if (rest.length > 0) return null
  if (first === undefined) return routedPage({ template: 'index', pageType: 'index', title: '', canonicalPath: '/' })
  if (first === 'products' && second !== undefined && third === undefined) return productPage(ctx, second, options)
  if (first === 'collections') {
    if (second === undefined) return collectionListPage(ctx)
    if (third === undefined) return collectionPage(ctx, second)
    if (third === 'products' && fourth !== undefined) return productPage(ctx, fourth, options, second)
    return null
  }
  if (first === 'pages' && second !== undefined && third === undefined) return contentPage(ctx, second)
  if (first === 'blogs' && second !== undefined && fourth === undefined)
    return third === undefined ? blogPage(ctx, second) : articlePage(ctx, second, third)
  if (first === 'search' && second === undefined) return searchPage(ctx)
  return null
}

/** The themed 404 page. */
export function notFoundPage(path: string): RoutedPage {
  return routedPage({ template: '404', pageType: '404', status: 404, title: 'Page not found', canonicalPath: path })
}
