import { z } from 'zod'
import { CATEGORY_ENTITY } from '../../../domain/catalog/category/streams.js'
import type { Caller } from '../../../app/caller.js'
import { categoriesByIds, findCategoryView, productCounts } from '../../../app/catalog/category/reads.js'
import {
  categoryCrumbSchema,
  categoryViewSchema,
  toCrumbView,
  type CategoryView,
} from '../../../app/catalog/category/view.js'
import { resourceView } from '../../shared/view.js'

/** A category as the MCP tools return it: the category view with its breadcrumbs and product count. */
export const categorySchema = categoryViewSchema.extend({
  breadcrumbs: z.array(categoryCrumbSchema).describe('The ancestors, root first, then the category itself.'),
  productCount: z.number().int().describe('Distinct products in this category and every category below it.'),
})

export type CategoryJson = z.infer<typeof categorySchema>

/** Category views with breadcrumbs and product counts, read in one query each for the whole list. */
export async function categoriesJson(caller: Caller, categories: readonly CategoryView[]): Promise<CategoryJson[]> {
  const ancestorIds = [...new Set(categories.flatMap((category) => category.ancestorIds))]
  const ancestors = new Map(
    (await categoriesByIds(caller, ancestorIds)).flatMap((found) => (found ? [[found.id, found] as const] : [])),
  )
  const counts = await productCounts(
    caller,
    categories.map((category) => category.id),
  )
  return categories.map((category, index) => {
    const { ancestorIds: ids, pastAncestors: _then, ...fields } = category
    const trail = [
      ...ids.map((id) => ancestors.get(id)).filter((found): found is CategoryView => found !== undefined),
      category,
    ]
    return { ...fields, breadcrumbs: trail.map(toCrumbView), productCount: counts[index]! }
  })
}

async function findCategoryJson(caller: Caller, id: string): Promise<CategoryJson | null> {
  const category = await findCategoryView(caller, id)
  return category && (await categoriesJson(caller, [category]))[0]!
}

export const categoryView = resourceView({
  resource: CATEGORY_ENTITY,
  readTool: 'get_category',
  schema: categorySchema,
  find: findCategoryJson,
})
