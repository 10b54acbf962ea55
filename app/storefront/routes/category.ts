import { categoriesByIds } from '../../../projections/catalog/category/queries.js'
import { unescapeHtml } from '../liquid/escape.js'
import { CategoryDrop } from '../objects/category.js'
import type { ObjectContext } from '../objects/context.js'
import { plainText, routedPage, type RoutedPage } from './page.js'

/**
 * `/categories/<path>` (`/categories/men/shirts`): a category of the catalog's tree with the
 * products shoppers may see in it and under it, rendered by the theme's collection template
 * (themes written for Shopify have no category template) with `category` and `collection`
 * bound. Breadcrumbs follow the tree. Null for a path the store has no category at.
 */
export async function categoryPage(ctx: ObjectContext, handles: readonly string[]): Promise<RoutedPage | null> {
  const record = await ctx.shopper.category(handles.join('/').toLowerCase())
  if (!record) return null
  const ancestors = (await categoriesByIds(ctx.db, ctx.storeId, record.ancestorIds)).filter((a) => a !== null)
  await ctx.overlay.load([record.id, ...ancestors.map((a) => a.id)])
  const category = new CategoryDrop(ctx, record)
  const title = unescapeHtml(category.title)
  return routedPage({
    template: 'collection',
    pageType: 'collection',
    objects: { category, collection: category },
    title: unescapeHtml(category.seo.title) || title,
    description: unescapeHtml(category.seo.description) || plainText(category.description),
    canonicalPath: `/categories/${record.path}`,
    breadcrumbs: [
      ...ancestors.map((a) => ({ name: ctx.overlay.text(a.id, 'title', a.title), path: `/categories/${a.path}` })),
      { name: title, path: `/categories/${record.path}` },
    ],
  })
}
