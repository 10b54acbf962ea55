import { z } from 'zod'
import { ATTRIBUTE_SET_LIST } from '../../../domain/catalog/attribute-set/list.js'
import { ATTRIBUTE_LIST } from '../../../domain/catalog/attribute/list.js'
import { filterSchema } from '../../../domain/shared/list-spec.js'
import { ATTRIBUTE_SET_SORTS, listAttributeSets } from '../../../app/catalog/attribute-set/reads.js'
import { attributeSetViewSchema } from '../../../app/catalog/attribute-set/view.js'
import { ATTRIBUTE_SORTS, listAttributes, readAttribute } from '../../../app/catalog/attribute/reads.js'
import { attributeViewSchema } from '../../../app/catalog/attribute/view.js'
import { getTool, listTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

export const attributeReadTools: readonly ShopTool[] = [
  getTool({
    name: 'get_attribute',
    description:
      'Get one product attribute of the current store by id or by code (e.g. material): its type, options (for SELECT and ' +
      'MULTISELECT, values are option codes), flags and validation. Read it before setting product values with set_product_attributes. ' +
      'Fails with NOT_FOUND when the store has no such attribute.',
    scope: 'products:read',
    input: z.strictObject({
      id: z.string().nullish().describe('The attribute id.'),
      code: z.string().nullish().describe('The attribute code; used when no id is given.'),
    }),
    output: attributeViewSchema,
    read: (caller, lookup) => readAttribute(caller, lookup, 'get_attribute'),
  }),
  listTool({
    name: 'list_attributes',
    description:
      "List the current store's product attributes with filters (code, name, type, required, filterable, visible, search), sort " +
      '(CODE_ASC when omitted) and pagination (page+limit, first+after with pageInfo.endCursor, or last+before with pageInfo.startCursor). ' +
      'Returns nodes, pageInfo and totalCount.',
    scope: 'products:read',
    filter: filterSchema(ATTRIBUTE_LIST),
    sorts: ATTRIBUTE_SORTS,
    node: attributeViewSchema,
    list: listAttributes,
  }),
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
