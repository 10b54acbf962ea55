import { z } from 'zod'
import { entityId } from '../../../domain/shared/input-types.js'
import { filterSchema } from '../../../domain/shared/list-spec.js'
import { URL_REDIRECT_LIST } from '../../../domain/webstore/url-redirect/list.js'
import { URL_REDIRECT_SORTS, listUrlRedirects, readUrlRedirect } from '../../../app/webstore/url-redirect/reads.js'
import { urlRedirectViewSchema } from '../../../app/webstore/url-redirect/view.js'
import { getTool, listTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

export const urlRedirectReadTools: readonly ShopTool[] = [
  getTool({
    name: 'get_url_redirect',
    description:
      'Get one URL redirect of the current store by id: its path, target and times. Fails with NOT_FOUND when the store has no such redirect.',
    scope: 'webstore:read',
    input: z.object({ id: entityId('URL redirect').describe('The redirect id (a UUID).') }),
    output: urlRedirectViewSchema,
    read: readUrlRedirect,
  }),
  listTool({
    name: 'list_url_redirects',
    description:
      "List the current store's URL redirects, manual and automatic (from handle changes), with filters (path and target: eq, " +
      'in, contains, startsWith; createdAt, updatedAt), sort (CREATED_AT_DESC when omitted) and pagination (page+limit, ' +
      'first+after with pageInfo.endCursor, or last+before with pageInfo.startCursor). Returns nodes, pageInfo and totalCount.',
    scope: 'webstore:read',
    filter: filterSchema(URL_REDIRECT_LIST),
    sorts: URL_REDIRECT_SORTS,
    node: urlRedirectViewSchema,
    list: listUrlRedirects,
  }),
]
