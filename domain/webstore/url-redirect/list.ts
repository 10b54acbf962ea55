import { defineList, filter } from '../../shared/list-spec.js'

/** The store's URL redirects as a list: what they filter and sort on (GraphQL `urlRedirects`, MCP `list_url_redirects`). */
export const URL_REDIRECT_LIST = defineList({
  name: 'UrlRedirect',
  filters: {
    path: filter.string('The normalized path: eq, in, contains or startsWith (e.g. startsWith "/products/").'),
    target: filter.string('The target as stored.'),
    createdAt: filter.dateRange(),
    updatedAt: filter.dateRange(),
  },
  sorts: ['PATH', 'TARGET', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'CREATED_AT_DESC',
  sortDescription: 'Order of a URL redirect list; ties are broken by id.',
})
