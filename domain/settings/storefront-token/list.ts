import { defineList, filter } from '../../shared/list-spec.js'

export const STOREFRONT_TOKEN_STATUSES = ['ACTIVE', 'REVOKED'] as const

/** The store's storefront tokens as a list (GraphQL `storefrontTokens`, MCP `list_storefront_tokens`). */
export const STOREFRONT_TOKEN_LIST = defineList({
  name: 'StorefrontToken',
  filters: {
    name: filter.string(),
    status: filter.enumList('StorefrontTokenStatus', STOREFRONT_TOKEN_STATUSES, 'Any of these statuses.'),
    createdAt: filter.dateRange(),
  },
  sorts: ['NAME', 'CREATED_AT'],
  defaultSort: 'CREATED_AT_DESC',
  sortDescription: 'Order of a storefront token list; ties are broken by id.',
})
