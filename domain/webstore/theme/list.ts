import { defineList, filter } from '../../shared/list-spec.js'
import { THEME_ROLES } from './events.js'

/** The store's themes as a list: what they filter and sort on (GraphQL `themes`, MCP `list_themes`). */
export const THEME_LIST = defineList({
  name: 'Theme',
  filters: {
    role: filter.enumList('ThemeRole', THEME_ROLES),
    name: filter.string(),
    updatedAt: filter.dateRange(),
  },
  sorts: ['NAME', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'CREATED_AT_DESC',
  filterDescription: 'Conditions on themes; all given fields must hold. and/or combine nested filters.',
  sortDescription: 'Order of a theme list; ties are broken by id so cursors never skip or repeat.',
})
