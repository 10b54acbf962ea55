import { z } from 'zod'
import { DomainError, badInput, notFound } from '../../../domain/shared/errors.js'
import { grants, type Scope } from '../../../domain/shared/scopes.js'
import { CATEGORY_SORTS, findCategory, listCategories } from '../../../projections/catalog/category/queries.js'
import { dateTimeRangeFilter, listArgsShape, listSchema, stringFilter } from '../../shared/lists.js'
import { requireStore, type ToolCall } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'
import { categoriesJson, categorySchema } from './views.js'

const canRead = (scopes: readonly Scope[]): boolean => grants(scopes, 'products:read')

/** GraphQL's `CategoryFilter`: every given field must hold; `and`/`or` combine nested filters. */
const categoryFilter = z
  .strictObject({
    title: stringFilter.nullish(),
    handle: stringFilter.nullish(),
    path: stringFilter.nullish(),
    depth: z.number().int().nullish().describe('1 for root categories.'),
    search: z
      .string()
      .nullish()
      .describe('Every word must appear (ignoring case) in the title, handle or description.'),
    createdAt: dateTimeRangeFilter.nullish(),
    updatedAt: dateTimeRangeFilter.nullish(),
    get and() {
      return z.array(categoryFilter).nullish().describe('Every one of these filters must hold.')
    },
    get or() {
      return z.array(categoryFilter).nullish().describe('At least one of these filters must hold.')
    },
  })
  .meta({ id: 'CategoryFilter' }) // names the recursive definition in the JSON Schema, instead of __schema0

const getCategoryArgs = z.strictObject({
  id: z.string().nullish().describe('The category id.'),
  handlePath: z
    .string()
    .nullish()
    .describe("The category's handle path from the root, e.g. 'men/shirts'. Used when no id is given."),
})

const listCategoriesArgs = z.strictObject({
  parentId: z
    .string()
    .nullish()
    .describe('Only the children of this category; null: only root categories; omitted: every category.'),
  ...listArgsShape,
  filter: categoryFilter.nullish(),
  sort: z
    .enum(CATEGORY_SORTS)
    .nullish()
    .describe('POSITION_ASC (the order among siblings) when omitted; PATH_ASC lists a tree parents first.'),
})

async function readCategory({ session }: ToolCall, lookup: { id?: string | null; handlePath?: string | null }) {
  const store = requireStore(session)
  const db = session.platform.database.db
  if (!lookup.id && !lookup.handlePath) throw badInput(['id'], 'get_category needs an id or a handlePath')
  const category = await findCategory(db, store.id, lookup.id ? { id: lookup.id } : { path: lookup.handlePath! })
  if (!category) {
    throw lookup.id
      ? notFound('category', lookup.id)
      : new DomainError('NOT_FOUND', `no category with handle path '${lookup.handlePath}' in this store`)
  }
  return (await categoriesJson(db, store.id, [category]))[0]!
}

export const categoryReadTools: readonly ShopTool[] = [
  readTool({
    name: 'get_category',
    description:
      "Get one category of the current store by id, or by handle path (e.g. 'men/shirts'). Returns its fields, breadcrumbs " +
      '(ancestors root first, then itself) and productCount, which includes the products of every category below it. ' +
      'Fails with NOT_FOUND when the store has no such category.',
    available: canRead,
    input: getCategoryArgs,
    output: categorySchema,
    run: (args, call) => readCategory(call, args),
  }),
  readTool({
    name: 'list_categories',
    description:
      "List the current store's categories: the children of parentId, the root categories with parentId null, or all of them " +
      "when parentId is omitted; with filters, sort and pagination (the arguments of GraphQL's categories query). Use " +
      'page+limit to jump to a page, or first+after to walk the list with pageInfo.endCursor. Returns nodes, pageInfo and totalCount.',
    available: canRead,
    input: listCategoriesArgs,
    output: listSchema(categorySchema),
    async run(args, { session }) {
      const db = session.platform.database.db
      const storeId = requireStore(session).id
      const page = await listCategories(db, storeId, args)
      return {
        nodes: await categoriesJson(db, storeId, page.nodes),
        pageInfo: page.pageInfo,
        totalCount: page.totalCount,
      }
    },
  }),
]
