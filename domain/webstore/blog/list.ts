import { defineList, filter } from '../../shared/list-spec.js'

/** The store's blogs as a list (GraphQL `blogs`, MCP `list_blogs`). */
export const BLOG_LIST = defineList({
  name: 'Blog',
  filters: { title: filter.string(), handle: filter.string() },
  sorts: ['TITLE', 'HANDLE', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'CREATED_AT_DESC',
  sortDescription: 'Order of a blog list; ties are broken by id.',
})
