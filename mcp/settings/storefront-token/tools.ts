import { z } from 'zod'
import { filterSchema } from '../../../domain/shared/list-spec.js'
import { STOREFRONT_TOKEN_LIST } from '../../../domain/settings/storefront-token/list.js'
import {
  STOREFRONT_TOKEN_SORTS,
  listStorefrontTokens,
  readStorefrontToken,
} from '../../../app/settings/storefront-token/reads.js'
import { storefrontTokenViewSchema } from '../../../app/settings/storefront-token/view.js'
import { getTool, listTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

export const storefrontTokenReadTools: readonly ShopTool[] = [
  getTool({
    name: 'get_storefront_token',
    description:
      'Get one public storefront token of the current store by id: name, last four characters, status. The token itself is never shown again after it was created. Fails with NOT_FOUND when the store has no such token.',
    scope: 'settings:read',
    input: z.strictObject({ id: z.string().describe('The storefront token id.') }),
    output: storefrontTokenViewSchema,
    read: (caller, { id }) => readStorefrontToken(caller, id),
  }),
  listTool({
    name: 'list_storefront_tokens',
    description:
      "List the current store's public storefront tokens, revoked ones included, with filters (name, status, createdAt), sort " +
      '(CREATED_AT_DESC when omitted) and pagination (page+limit, first+after with pageInfo.endCursor, or last+before with pageInfo.startCursor). Returns nodes, pageInfo and totalCount.',
    scope: 'settings:read',
    filter: filterSchema(STOREFRONT_TOKEN_LIST),
    sorts: STOREFRONT_TOKEN_SORTS,
    node: storefrontTokenViewSchema,
    list: listStorefrontTokens,
  }),
]
