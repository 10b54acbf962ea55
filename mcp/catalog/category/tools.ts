import { z } from 'zod'
import { listCategories, readCategory } from '../../../app/catalog/category/reads.js'
import { CATEGORY_LIST } from '../../../domain/catalog/category/list.js'
import { listArgsOf } from '../../shared/lists.js'
import { enrichedListTool, getTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'
import { categoriesJson, categorySchema } from './views.js'

const getCategoryArgs = z.strictObject({
  id: z.string().nullish().describe('The category id.'),
  handlePath: z
    .string()
    .nullish()
    .describe("The category's handle path from the root, e.g. 'men/shirts'. Used when no id is given."),
})

const listCategoriesArgs = listArgsOf(
  CATEGORY_LIST,
  'POSITION_ASC (the order among siblings) when omitted; PATH_ASC lists a tree parents first.',
  {
    parentId: z
      .string()
      .nullish()
      .describe('Only the children of this category; null: only root categories; omitted: every category.'),
  },
)

export const categoryReadTools: readonly ShopTool[] = [
  getTool({
    name: 'get_category',
    description:
      "Get one category of the current store by id, or by handle path (e.g. 'men/shirts'). Returns its fields, breadcrumbs " +
      '(ancestors root first, then itself) and productCount, which includes the products of every category below it. ' +
      'Fails with NOT_FOUND when the store has no such category.',
    scope: 'products:read',
    input: getCategoryArgs,
    output: categorySchema,
    read: async (caller, lookup) =>
      (await categoriesJson(caller, [await readCategory(caller, lookup, 'get_category')]))[0]!,
  }),
  enrichedListTool({
    name: 'list_categories',
    description:
      "List the current store's categories: the children of parentId, the root categories with parentId null, or all of them " +
      "when parentId is omitted; with filters, sort and pagination (the arguments of GraphQL's categories query). Use " +
      'page+limit to jump to a page, first+after to walk the list with pageInfo.endCursor, or last+before to walk back ' +
      'from pageInfo.startCursor. Returns nodes, pageInfo and totalCount.',
    scope: 'products:read',
    input: listCategoriesArgs,
    node: categorySchema,
    list: listCategories,
    nodes: categoriesJson,
  }),
]
