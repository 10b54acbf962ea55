import { z } from 'zod'
import type { CategoryCrumb, CategoryRecord } from '../../../projections/catalog/category/queries.js'
import { isoString } from '../../shared/connection.js'

/** One step of a breadcrumb trail. */
export const categoryCrumbSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  path: z.string().describe('Handle path from the root, e.g. men/shirts.'),
})

export type CategoryCrumbView = z.infer<typeof categoryCrumbSchema>

/** A category as GraphQL's `Category` and the MCP tools serve it: its own fields, times as ISO-8601 strings. */
export const categoryViewSchema = z.object({
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
  revision: z.number().int().describe("The category's own events so far, minus one; revert_category takes these."),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export type CategoryView = z.infer<typeof categoryViewSchema> & {
  /** Root first: where `ancestors` and `breadcrumbs` come from. */
  ancestorIds: readonly string[]
  /** Set on a category read as it was at an earlier time: its ancestors as they were then. */
  pastAncestors?: readonly CategoryCrumbView[]
}

export const toCrumbView = ({ id, title, handle, path }: CategoryCrumb | CategoryView): CategoryCrumbView => ({
  id,
  title,
  handle,
  path,
})

/** Field by field, so a column the read model gains reaches no client until the view says so. */
export function toCategoryView(category: CategoryRecord): CategoryView {
  const { id, title, handle, path, depth, position, parentId, description, imageId, seo, revision } = category
  const view: CategoryView = {
    id,
    title,
    handle,
    path,
    depth,
    position,
    parentId,
    description,
    imageId,
    seo,
    revision,
    createdAt: isoString(category.createdAt),
    updatedAt: isoString(category.updatedAt),
    ancestorIds: category.ancestorIds,
  }
  return category.breadcrumbs ? { ...view, pastAncestors: category.breadcrumbs.map(toCrumbView) } : view
}
