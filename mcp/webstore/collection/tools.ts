import { z } from 'zod'
import { DomainError, badInput, notFound } from '../../../domain/shared/errors.js'
import { grants, type Scope } from '../../../domain/shared/scopes.js'
import {
  COLLECTION_SORTS,
  collectionProducts,
  findCollection,
  listCollections,
} from '../../../projections/webstore/collection/queries.js'
import { dateTimeRangeFilter, listArgsShape, listSchema, stringFilter } from '../../shared/lists.js'
import { requireStore, type ToolCall } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'
import { collectionSchema, collectionsJson } from './views.js'

const canRead = (scopes: readonly Scope[]): boolean => grants(scopes, 'webstore:read')

/** GraphQL's `CollectionFilter`: every given field must hold; `and`/`or` combine nested filters. */
const collectionFilter = z
  .strictObject({
    title: stringFilter.nullish(),
    handle: stringFilter.nullish(),
    type: z.array(z.enum(['MANUAL', 'SMART'])).nullish(),
    status: z.array(z.enum(['DRAFT', 'PUBLISHED'])).nullish(),
    search: z
      .string()
      .nullish()
      .describe('Every word must appear (ignoring case) in the title, handle or description.'),
    updatedAt: dateTimeRangeFilter.nullish(),
    get and() {
      return z.array(collectionFilter).nullish().describe('Every one of these filters must hold.')
    },
    get or() {
      return z.array(collectionFilter).nullish().describe('At least one of these filters must hold.')
    },
  })
  .meta({ id: 'CollectionFilter' })

const getCollectionArgs = z.strictObject({
  id: z.string().nullish().describe('The collection id.'),
  handle: z.string().nullish().describe('The collection handle, used when no id is given.'),
})

const listCollectionsArgs = z.strictObject({
  ...listArgsShape,
  filter: collectionFilter.nullish(),
  sort: z.enum(COLLECTION_SORTS).nullish().describe('CREATED_AT_DESC when omitted.'),
})

const listCollectionProductsArgs = z.strictObject({ id: z.string().describe('The collection id.'), ...listArgsShape })

const memberSchema = z.object({ id: z.string(), title: z.string(), handle: z.string(), status: z.string() })

async function readCollection({ session }: ToolCall, lookup: { id?: string | null; handle?: string | null }) {
  const store = requireStore(session)
  const db = session.platform.database.db
  if (!lookup.id && !lookup.handle) throw badInput(['id'], 'get_collection needs an id or a handle')
  const collection = await findCollection(db, store.id, lookup.id ? { id: lookup.id } : { handle: lookup.handle! })
  if (!collection)
    throw lookup.id
      ? notFound('collection', lookup.id)
      : new DomainError('NOT_FOUND', `no collection with handle '${lookup.handle}' in this store`)
  return collection
}

export const collectionReadTools: readonly ShopTool[] = [
  readTool({
    name: 'get_collection',
    description:
      'Get one collection of the current store by id or handle: its fields, type (MANUAL or SMART), rules, sort order and ' +
      'productsCount. list_collection_products lists its products. Fails with NOT_FOUND when the store has no such collection.',
    available: canRead,
    input: getCollectionArgs,
    output: collectionSchema,
    run: async (args, call) =>
      (
        await collectionsJson(call.session.platform.database.db, requireStore(call.session).id, [
          await readCollection(call, args),
        ])
      )[0]!,
  }),
  readTool({
    name: 'list_collections',
    description:
      "List the current store's collections with filters (title, handle, type, status, search), sort and pagination (the " +
      "arguments of GraphQL's collections query). Use page+limit to jump to a page, or first+after to walk the list with " +
      'pageInfo.endCursor. Returns nodes, pageInfo and totalCount.',
    available: canRead,
    input: listCollectionsArgs,
    output: listSchema(collectionSchema),
    async run(args, { session }) {
      const db = session.platform.database.db
      const storeId = requireStore(session).id
      const page = await listCollections(db, storeId, args)
      return {
        nodes: await collectionsJson(db, storeId, page.nodes),
        pageInfo: page.pageInfo,
        totalCount: page.totalCount,
      }
    },
  }),
  readTool({
    name: 'list_collection_products',
    description:
      "List a collection's products in the collection's sort order (a SMART collection's are those matching its rules now), " +
      'with page+limit or first+after. Returns nodes {id, title, handle, status}, pageInfo and totalCount. Fails with NOT_FOUND ' +
      'when the store has no such collection.',
    available: canRead,
    input: listCollectionProductsArgs,
    output: listSchema(memberSchema),
    async run(args, call) {
      const { id, ...list } = args
      const collection = await readCollection(call, { id })
      const db = call.session.platform.database.db
      const storeId = requireStore(call.session).id
      const page = await collectionProducts(db, storeId, collection, list)
      const nodes = page.nodes.map((product) => ({
        id: product.id,
        title: product.title,
        handle: product.handle,
        status: product.status,
      }))
      return { nodes, pageInfo: page.pageInfo, totalCount: page.totalCount }
    },
  }),
]
