import { defineList, filter } from '../../shared/list-spec.js'

/** The store's categories as a list (GraphQL `categories` and `Category.children`, MCP `list_categories`). */
export const CATEGORY_LIST = defineList({
  name: 'Category',
  filters: {
    title: filter.string(),
    handle: filter.string(),
    path: filter.string(),
    depth: filter.int('1 for root categories.'),
    search: filter.search('Every word must appear (ignoring case) in the title, handle or description.'),
    createdAt: filter.dateRange(),
    updatedAt: filter.dateRange(),
  },
  sorts: ['POSITION', 'TITLE', 'HANDLE', 'PATH', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'POSITION_ASC',
  filterDescription: 'Conditions on categories; all given fields must hold. and/or combine nested filters.',
  sortDescription:
    'Order of a category list; ties are broken by id so cursors never skip or repeat. POSITION is the order among siblings.',
  sortValueDescriptions: { PATH_ASC: 'By handle path, which lists a tree parents first.' },
})
