import { defineList, filter } from '../../shared/list-spec.js'

/** The store's content types as a list (GraphQL `contentTypes`): no filter, a few sorts. */
export const CONTENT_TYPE_LIST = defineList({
  name: 'ContentType',
  filters: {},
  sorts: ['NAME', 'HANDLE', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'CREATED_AT_DESC',
})

/** The entries of one content type as a list (GraphQL `contentEntries`, MCP `list_content_entries`). */
export const CONTENT_ENTRY_LIST = defineList({
  name: 'ContentEntry',
  filters: {
    handle: filter.string(),
    search: filter.search('Every word somewhere in the handle or the values, ignoring case.'),
    updatedAt: filter.dateRange(),
  },
  sorts: ['HANDLE', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'CREATED_AT_DESC',
  filterDescription: 'Conditions on entries; all given fields must hold.',
})
