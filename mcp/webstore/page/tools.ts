import { filterSchema } from '../../../domain/shared/list-spec.js'
import { PAGE_LIST } from '../../../domain/webstore/page/list.js'
import { PAGE_SORTS, listPages, readPage } from '../../../app/webstore/page/reads.js'
import { pageViewSchema } from '../../../app/webstore/page/view.js'
import { getTool, idOrHandle, listTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

export const pageReadTools: readonly ShopTool[] = [
  getTool({
    name: 'get_page',
    description:
      'Get one web store page of the current store by id or by handle: title, sanitized HTML body, status, schedule, SEO. Fails with NOT_FOUND when the store has no such page.',
    scope: 'webstore:read',
    input: idOrHandle('page'),
    output: pageViewSchema,
    read: (caller, lookup) => readPage(caller, lookup, 'get_page'),
  }),
  listTool({
    name: 'list_pages',
    description:
      "List the current store's pages, drafts included, with filters (title, handle, status, search, updatedAt, publishedAt), sort " +
      '(CREATED_AT_DESC when omitted) and pagination (page+limit, first+after with pageInfo.endCursor, or last+before with pageInfo.startCursor). Returns nodes, pageInfo and totalCount.',
    scope: 'webstore:read',
    filter: filterSchema(PAGE_LIST),
    sorts: PAGE_SORTS,
    node: pageViewSchema,
    list: listPages,
  }),
]
