import { z } from 'zod'
import { CATEGORY_ENTITY } from '../../../domain/catalog/category/streams.js'
import type { AnyDb } from '../../../infra/database/database.js'
import {
  categoriesByIds,
  findCategory,
  productCountsOfCategories,
  type CategoryRecord,
} from '../../../projections/catalog/category/queries.js'
import { isoString } from '../../shared/lists.js'
import type { ResourceView } from '../../shared/view.js'

const crumbSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  path: z.string().describe('Handle path from the root, e.g. men/shirts.'),
})

/** A category as the MCP tools return it: the GraphQL `Category` fields, with its breadcrumbs and product count. */
export const categorySchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string().describe('The URL name, unique among its siblings.'),
  path: z.string().describe('Handle path from the root, e.g. men/shirts; get_category finds it by this.'),
  depth: z.number().int().describe('1 for a root category; at most 8.'),
  position: z.number().int().describe('Index among its siblings, from 0.'),
  parentId: z.string().nullable().describe('Null for a root category.'),
  description: z.string(),
  imageId: z.string().nullable().describe('Media id of its image (get_media has it); null when none.'),
  seo: z.object({ title: z.string(), description: z.string() }),
  breadcrumbs: z.array(crumbSchema).describe('The ancestors, root first, then the category itself.'),
  productCount: z.number().int().describe('Distinct products in this category and every category below it.'),
  revision: z.number().int().describe("The category's own events so far, minus one; revert_category takes these."),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export type CategoryJson = z.infer<typeof categorySchema>

/** Categories of one store with breadcrumbs and product counts, read in one query each for the whole list. */
export async function categoriesJson(
  db: AnyDb,
  storeId: string,
  categories: readonly CategoryRecord[],
): Promise<CategoryJson[]> {
  const ancestorIds = [...new Set(categories.flatMap((category) => category.ancestorIds))]
  const ancestors = new Map(
    (await categoriesByIds(db, storeId, ancestorIds)).flatMap((found) => (found ? [[found.id, found] as const] : [])),
  )
  const counts = await productCountsOfCategories(
    db,
    storeId,
    categories.map((category) => category.id),
  )
  return categories.map((category, index) => {
    const { ancestorIds: ids, breadcrumbs: _then, ...fields } = category
    const trail = [
      ...ids.map((id) => ancestors.get(id)).filter((found): found is CategoryRecord => found !== undefined),
      category,
    ]
    return {
      ...fields,
      breadcrumbs: trail.map(({ id, title, handle, path }) => ({ id, title, handle, path })),
      productCount: counts[index]!,
      createdAt: isoString(category.createdAt),
      updatedAt: isoString(category.updatedAt),
    }
  })
}

export const categoryView: ResourceView = {
  resource: CATEGORY_ENTITY,
  readTool: 'get_category',
  schema: categorySchema,
  async read(session, id) {
    if (!session.store) return null
    const db = session.platform.database.db
    const category = await findCategory(db, session.store.id, { id })
    return category ? (await categoriesJson(db, session.store.id, [category]))[0]! : null
  },
}
