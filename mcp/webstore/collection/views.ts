import { z } from 'zod'
import { RULE_FIELDS, RULE_RELATIONS } from '../../../domain/webstore/collection/rules.js'
import { COLLECTION_CATEGORY } from '../../../domain/webstore/collection/streams.js'
import type { AnyDb } from '../../../infra/database/database.js'
import {
  findCollection,
  productCountsOfCollections,
  type CollectionRecord,
} from '../../../projections/webstore/collection/queries.js'
import { isoString } from '../../shared/lists.js'
import type { ResourceView } from '../../shared/view.js'

/** A collection as the MCP tools return it: the GraphQL `Collection` fields with its product count. */
export const collectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string().describe('The URL name, unique in the store: /collections/<handle>.'),
  description: z.string().describe('Sanitized HTML.'),
  imageId: z.string().nullable().describe('Media id of its image (get_media has it); null when none.'),
  seo: z.object({ title: z.string(), description: z.string() }),
  status: z.enum(['DRAFT', 'PUBLISHED']),
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
  productsCount: z.number().int(),
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export type CollectionJson = z.infer<typeof collectionSchema>

/** Collections of one store with their product counts, counted in one query for the whole list. */
export async function collectionsJson(
  db: AnyDb,
  storeId: string,
  collections: readonly CollectionRecord[],
): Promise<CollectionJson[]> {
  const counts = await productCountsOfCollections(
    db,
    storeId,
    collections.map((collection) => collection.id),
  )
  return collections.map((collection, index) => ({
    ...collection,
    publishedAt: collection.publishedAt ? isoString(collection.publishedAt) : null,
    productsCount: counts[index]!,
    createdAt: isoString(collection.createdAt),
    updatedAt: isoString(collection.updatedAt),
  }))
}

export const collectionView: ResourceView = {
  resource: COLLECTION_CATEGORY,
  readTool: 'get_collection',
  schema: collectionSchema,
  async read(session, id) {
    if (!session.store) return null
    const db = session.platform.database.db
    const collection = await findCollection(db, session.store.id, { id })
    return collection ? (await collectionsJson(db, session.store.id, [collection]))[0]! : null
  },
}
