import { defineList, filter } from '../../shared/list-spec.js'

/** The store's attribute sets as a list (GraphQL `attributeSets`, MCP `list_attribute_sets`). */
export const ATTRIBUTE_SET_LIST = defineList({
  name: 'AttributeSet',
  filters: {
    name: filter.string(),
    attributeId: filter.id('Sets holding this attribute.'),
  },
  sorts: ['NAME', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'NAME_ASC',
  sortDescription: 'Order of an attribute set list; ties are broken by id.',
})
