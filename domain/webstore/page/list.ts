import { PUBLICATION_STATUSES } from '../../shared/publishable/publication.js'
import { defineList, filter } from '../../shared/list-spec.js'

/** The store's pages as a list: what they filter and sort on (GraphQL `pages`, MCP `list_pages`). */
export const PAGE_LIST = defineList({
  name: 'Page',
  filters: {
    title: filter.string(),
    handle: filter.string(),
    status: filter.enumList('PageStatus', PUBLICATION_STATUSES, 'Any of these statuses.'),
    search: filter.search('Every word in the title, handle or body, ignoring case.'),
    updatedAt: filter.dateRange(),
    publishedAt: filter.dateRange(),
  },
  sorts: ['TITLE', 'HANDLE', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'CREATED_AT_DESC',
  sortDescription: 'Order of a page list; ties are broken by id.',
})
