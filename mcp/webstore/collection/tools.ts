import { z } from 'zod'
import { filterSchema } from '../../../domain/shared/list-spec.js'
import { COLLECTION_LIST } from '../../../domain/webstore/collection/list.js'
import {
  COLLECTION_SORTS,
  collectionProducts,
  countedCollections,
  listCollections,
  readCollection,
} from '../../../app/webstore/collection/reads.js'
import { countedCollectionViewSchema } from '../../../app/webstore/collection/view.js'
import { listArgsShape, listSchema } from '../../shared/lists.js'
import { getTool, idOrHandle, listTool } from '../../shared/read-tools.js'
import { callerOf } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'
import { grants, type Scope } from '../../../domain/shared/scopes.js'

const canRead = (scopes: readonly Scope[]): boolean => grants(scopes, 'webstore:read')

const listCollectionProductsArgs = z.strictObject({ id: z.string().describe('The collection id.'), ...listArgsShape })

const memberSchema = z.object({ id: z.string(), title: z.string(), handle: z.string(), status: z.string() })

export const collectionReadTools: readonly ShopTool[] = [
  getTool({
    name: 'get_collection',
    description:
      'Get one collection of the current store by id or handle: its fields, type (MANUAL or SMART), rules, sort order and ' +
      'productsCount. list_collection_products lists its products. Fails with NOT_FOUND when the store has no such collection.',
    scope: 'webstore:read',
    input: idOrHandle('collection'),
    output: countedCollectionViewSchema,
    read: async (caller, lookup) =>
      (await countedCollections(caller, [await readCollection(caller, lookup, 'get_collection')]))[0]!,
  }),
  listTool({
    name: 'list_collections',
    description:
      "List the current store's collections with filters (title, handle, type, status, search), sort (CREATED_AT_DESC when " +
      "omitted) and pagination (the arguments of GraphQL's collections query). Use page+limit to jump to a page, or " +
      'first+after to walk the list with pageInfo.endCursor (last+before walks back from pageInfo.startCursor). Returns nodes, pageInfo and totalCount.',
    scope: 'webstore:read',
    filter: filterSchema(COLLECTION_LIST),
    sorts: COLLECTION_SORTS,
    node: countedCollectionViewSchema,
    async list(caller, args) {
      const page = await listCollections(caller, args)
      return { ...page, nodes: await countedCollections(caller, page.nodes) }
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
      const caller = callerOf(call)
      const collection = await readCollection(caller, { id }, 'list_collection_products')
      const page = await collectionProducts(caller, collection, list)
      const nodes = page.nodes.map(({ id, title, handle, status }) => ({ id, title, handle, status }))
      return { nodes, pageInfo: page.pageInfo, totalCount: page.totalCount }
    },
  }),
]
