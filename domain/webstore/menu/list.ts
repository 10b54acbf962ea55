import { defineList, filter } from '../../shared/list-spec.js'

/** The store's menus as a list (GraphQL `menus`, MCP `list_menus`). */
export const MENU_LIST = defineList({
  name: 'Menu',
  filters: {
    title: filter.string(),
    handle: filter.string(),
    search: filter.search('Every word must appear in the title or handle, ignoring case.'),
    updatedAt: filter.dateRange(),
  },
  sorts: ['TITLE', 'HANDLE', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'CREATED_AT_DESC',
  filterDescription: 'Conditions on menus; all given fields must hold. and/or combine nested filters.',
  sortDescription: 'Order of a menu list; ties are broken by id so cursors never skip or repeat.',
})
