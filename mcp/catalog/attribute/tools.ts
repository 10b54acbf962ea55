import { z } from 'zod'
import { ATTRIBUTE_TYPES } from '../../../domain/catalog/attribute/events.js'
import { ATTRIBUTE_SET_SORTS, listAttributeSets } from '../../../app/catalog/attribute-set/reads.js'
import { attributeSetViewSchema } from '../../../app/catalog/attribute-set/view.js'
import { ATTRIBUTE_SORTS, listAttributes, readAttribute } from '../../../app/catalog/attribute/reads.js'
import { attributeViewSchema } from '../../../app/catalog/attribute/view.js'
import { stringFilter } from '../../shared/lists.js'
import { getTool, listTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

/** GraphQL's `AttributeFilter`. */
const attributeFilter = z
  .strictObject({
    code: stringFilter.nullish(),
    name: stringFilter.nullish(),
    type: z.array(z.enum(ATTRIBUTE_TYPES)).nullish().describe('Any of these types.'),
    required: z.boolean().nullish(),
    filterable: z.boolean().nullish(),
    visible: z.boolean().nullish(),
    search: z.string().nullish().describe('Words in the code or name, ignoring case.'),
    get and() {
      return z.array(attributeFilter).nullish().describe('Every one of these filters must hold.')
    },
    get or() {
      return z.array(attributeFilter).nullish().describe('At least one of these filters must hold.')
    },
  })
  .meta({ id: 'AttributeFilter' })

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
      '(CODE_ASC when omitted) and pagination (page+limit, or first+after with pageInfo.endCursor). Returns nodes, pageInfo and totalCount.',
    scope: 'products:read',
    filter: attributeFilter,
    sorts: ATTRIBUTE_SORTS,
    node: attributeViewSchema,
    list: listAttributes,
  }),
  listTool({
    name: 'list_attribute_sets',
    description:
      "List the current store's attribute sets (named groups of attributes in sections, e.g. Clothing) with their attribute codes. " +
      'A product in a set may hold values only of its attributes and must have values for the required ones. filter.name and ' +
      'filter.attributeId narrow the list; sort is NAME_ASC when omitted. Returns nodes, pageInfo and totalCount.',
    scope: 'products:read',
    filter: z.strictObject({
      name: stringFilter.nullish(),
      attributeId: z.string().nullish().describe('Sets holding this attribute.'),
    }),
    sorts: ATTRIBUTE_SET_SORTS,
    node: attributeSetViewSchema,
    list: listAttributeSets,
  }),
]
