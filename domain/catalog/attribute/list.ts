import { defineList, filter } from '../../shared/list-spec.js'
import { ATTRIBUTE_TYPES } from './events.js'

/** The store's attributes as a list (GraphQL `attributes`, MCP `list_attributes`). */
export const ATTRIBUTE_LIST = defineList({
  name: 'Attribute',
  filters: {
    code: filter.string(),
    name: filter.string(),
    type: filter.enumList('AttributeType', ATTRIBUTE_TYPES, 'Any of these types.'),
    required: filter.boolean(),
    filterable: filter.boolean(),
    visible: filter.boolean(),
    search: filter.search('Words in the code or name, ignoring case.'),
  },
  sorts: ['CODE', 'NAME', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'CODE_ASC',
  filterDescription: 'Conditions on attributes; all given fields must hold. and/or combine nested filters.',
  sortDescription: 'Order of an attribute list; ties are broken by id.',
})
