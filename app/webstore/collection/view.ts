import { z } from 'zod'
import { PUBLICATION_STATUSES } from '../../../domain/shared/publishable/publication.js'
import { RULE_FIELDS, RULE_RELATIONS } from '../../../domain/webstore/collection/rules.js'
import type { CollectionRecord } from '../../../projections/webstore/collection/queries.js'
import { isoString } from '../../shared/connection.js'
import { versionView, versionViewShape } from '../../shared/version-view.js'
import { seoViewSchema } from '../shared/publication-view.js'

/** A collection as GraphQL's `Collection` and the MCP tools serve it: its fields, times as ISO-8601 strings. */
export const collectionViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string().describe('The URL name, unique in the store: /collections/<handle>.'),
  description: z.string().describe('Sanitized HTML.'),
  imageId: z.string().nullable().describe('Media id of its image (get_media has it); null when none.'),
  seo: seoViewSchema,
  status: z.enum(PUBLICATION_STATUSES),
  publishedAt: z.string().nullable(),
  type: z
    .enum(['MANUAL', 'SMART'])
    .describe('MANUAL: products added by hand; SMART: products matching the rules, kept current.'),
  sortOrder: z.string().describe('MANUAL, TITLE_ASC/DESC, PRICE_ASC/DESC or CREATED_ASC/DESC.'),
  rules: z.array(
    z.object({
      field: z.enum(RULE_FIELDS),
      relation: z.enum(RULE_RELATIONS),
      value: z.string(),
      attributeCode: z.string().nullable(),
    }),
  ),
  disjunctive: z.boolean().describe('SMART: true when ANY rule suffices, false when ALL must hold.'),
  ...versionViewShape,
})

export type CollectionView = z.infer<typeof collectionViewSchema> & Pick<CollectionRecord, 'sortOrder' | 'type'>

/** The view with its product count, as the MCP tools answer (GraphQL resolves `productsCount` per field). */
export const countedCollectionViewSchema = collectionViewSchema.extend({ productsCount: z.number().int() })

export type CountedCollectionView = CollectionView & { productsCount: number }

/** Field by field, so a column the read model gains reaches no client until the view says so. */
export function toCollectionView(collection: CollectionRecord): CollectionView {
  const { id, title, handle, description, imageId, seo, status, type, sortOrder, rules, disjunctive } = collection
  return {
    id,
    title,
    handle,
    description,
    imageId,
    seo,
    status,
    publishedAt: collection.publishedAt && isoString(collection.publishedAt),
    type,
    sortOrder,
    rules,
    disjunctive,
    ...versionView(collection),
  }
}
