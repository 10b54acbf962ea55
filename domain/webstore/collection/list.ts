import { PUBLICATION_STATUSES } from '../../shared/publishable/publication.js'
import { defineList, filter } from '../../shared/list-spec.js'
import { COLLECTION_TYPES } from './events.js'

/** The store's collections as a list (GraphQL `collections`, MCP `list_collections`). */
export const COLLECTION_LIST = defineList({
  name: 'Collection',
  filters: {
    title: filter.string(),
    handle: filter.string(),
    type: filter.enumList('CollectionType', COLLECTION_TYPES),
    status: filter.enumList('CollectionStatus', PUBLICATION_STATUSES),
    search: filter.search('Every word must appear (ignoring case) in the title, handle or description.'),
    updatedAt: filter.dateRange(),
  },
  sorts: ['TITLE', 'HANDLE', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'CREATED_AT_DESC',
  filterDescription: 'Conditions on collections; all given fields must hold. and/or combine nested filters.',
  sortDescription: 'Order of the collections list; ties are broken by id so cursors never skip or repeat.',
})
