import { z } from 'zod'
import { ATTRIBUTE_LIST } from '../../../domain/catalog/attribute/list.js'
import { filterSchema } from '../../../domain/shared/list-spec.js'
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
]
