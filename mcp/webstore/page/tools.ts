import { z } from 'zod'
import { PUBLICATION_STATUSES } from '../../../domain/shared/publishable/publication.js'
import { PAGE_SORTS, listPages, readPage } from '../../../app/webstore/page/reads.js'
import { pageViewSchema } from '../../../app/webstore/page/view.js'
import { dateTimeRangeFilter, stringFilter } from '../../shared/lists.js'
import { getTool, idOrHandle, listTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

/** GraphQL's `PageFilter`. */
const pageFilter = z.strictObject({
  title: stringFilter.nullish(),
  handle: stringFilter.nullish(),
  status: z.array(z.enum(PUBLICATION_STATUSES)).nullish().describe('Any of these statuses.'),
  search: z.string().nullish().describe('Every word in the title, handle or body, ignoring case.'),
  updatedAt: dateTimeRangeFilter.nullish(),
  publishedAt: dateTimeRangeFilter.nullish(),
})

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
      '(CREATED_AT_DESC when omitted) and pagination (page+limit, or first+after with pageInfo.endCursor). Returns nodes, pageInfo and totalCount.',
    scope: 'webstore:read',
    filter: pageFilter,
    sorts: PAGE_SORTS,
    node: pageViewSchema,
    list: listPages,
  }),
]
