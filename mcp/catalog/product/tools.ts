import { z } from 'zod'
import { PRODUCT_STATUSES } from '../../../domain/catalog/product/events.js'
import { PRODUCT_LIST } from '../../../domain/catalog/product/list.js'
import { grants, type Scope } from '../../../domain/shared/scopes.js'
import { listProducts, readProduct } from '../../../app/catalog/product/reads.js'
import { listArgsOf } from '../../shared/lists.js'
import { enrichedListTool, getTool } from '../../shared/read-tools.js'
import { callerOf } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'
import { productSchema, productsJson } from './views.js'

const canRead = (scopes: readonly Scope[]): boolean => grants(scopes, 'products:read')
const SEARCH_HITS_MAX = 50

const getProductArgs = z.strictObject({
  id: z.string().nullish().describe('The product id.'),
  handle: z.string().nullish().describe("The product's URL name, e.g. 'red-shirt'. Used when no id is given."),
})

const listProductsArgs = listArgsOf(
  PRODUCT_LIST,
  'CREATED_AT_DESC when omitted; ties are broken by id, so cursors never skip or repeat.',
)

const searchCatalogArgs = z.strictObject({
  query: z
    .string()
    .trim()
    .regex(/[\p{L}\p{N}]/u, 'query needs at least one letter or digit')
    .describe("Words to find, e.g. 'red sh': every word must match, the last one as a prefix."),
  limit: z
    .number()
    .int()
    .min(1)
    .max(SEARCH_HITS_MAX)
    .nullish()
    .describe(`Hits to return: 1 to ${SEARCH_HITS_MAX}, 10 when omitted.`),
})

const searchHit = z.object({
  type: z.literal('product').describe('What kind of catalog entry the hit is.'),
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  vendor: z.string(),
})

export const productReadTools: readonly ShopTool[] = [
  getTool({
    name: 'get_product',
    description:
      'Get one product of the current store by id, or by handle when you know its URL name. Returns every field of the product, ' +
      'the media it shows, its options and its variants (price, SKU, stock), in order. Fails with NOT_FOUND when the store has no such product.',
    scope: 'products:read',
    input: getProductArgs,
    output: productSchema,
    read: async (caller, args) => (await productsJson(caller, [await readProduct(caller, args, 'get_product')]))[0]!,
  }),
  enrichedListTool({
    name: 'list_products',
    description:
      "List the current store's products with filters, sort and pagination (the arguments of GraphQL's products query). " +
      'Use page+limit to jump to a page, first+after to walk the list with pageInfo.endCursor, or last+before to walk it back ' +
      'with pageInfo.startCursor. Returns nodes, pageInfo and totalCount.',
    scope: 'products:read',
    input: listProductsArgs,
    node: productSchema,
    list: listProducts,
    nodes: productsJson,
  }),
  readTool({
    name: 'search_catalog',
    description:
      'Find products of the current store by words in their title, handle, vendor, tags or description. Returns compact hits ' +
      '(id, title, handle, status, vendor), most recently updated first, and how many match in all; fetch a whole product with get_product.',
    available: canRead,
    input: searchCatalogArgs,
    output: z.object({ hits: z.array(searchHit), totalCount: z.number().int() }),
    async run(args, call) {
      const page = await listProducts(callerOf(call), {
        limit: args.limit ?? 10,
        filter: { search: args.query },
        sort: 'UPDATED_AT_DESC',
      })
      const hits = page.nodes.map(({ id, title, handle, status, vendor }) => ({
        type: 'product' as const,
        id,
        title,
        handle,
        status,
        vendor,
      }))
      return { hits, totalCount: page.totalCount }
    },
  }),
]
