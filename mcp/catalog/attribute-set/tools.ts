import { ATTRIBUTE_SET_LIST } from '../../../domain/catalog/attribute-set/list.js'
import { filterSchema } from '../../../domain/shared/list-spec.js'
import { ATTRIBUTE_SET_SORTS, listAttributeSets } from '../../../app/catalog/attribute-set/reads.js'
import { attributeSetViewSchema } from '../../../app/catalog/attribute-set/view.js'
import { listTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

/** The read tools of attribute sets; their writes come from the command registry. */
export const attributeSetReadTools: readonly ShopTool[] = [
  listTool({
    name: 'list_attribute_sets',
    description:
      "List the current store's attribute sets (named groups of attributes in sections, e.g. Clothing) with their attribute codes. " +
      'A product in a set may hold values only of its attributes and must have values for the required ones. filter.name and ' +
      'filter.attributeId (with and/or) narrow the list; sort is NAME_ASC when omitted; pagination is page+limit, first+after ' +
      'or last+before. Returns nodes, pageInfo and totalCount.',
    scope: 'products:read',
    filter: filterSchema(ATTRIBUTE_SET_LIST),
    sorts: ATTRIBUTE_SET_SORTS,
    node: attributeSetViewSchema,
    list: listAttributeSets,
  }),
]
