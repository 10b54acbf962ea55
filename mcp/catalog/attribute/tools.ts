import { z } from 'zod'
import { ATTRIBUTE_TYPES } from '../../../domain/catalog/attribute/events.js'
import { DomainError, badInput, notFound } from '../../../domain/shared/errors.js'
import { grants, type Scope } from '../../../domain/shared/scopes.js'
import { ATTRIBUTE_SET_SORTS, listAttributeSets } from '../../../projections/catalog/attribute-set/queries.js'
import { ATTRIBUTE_SORTS, findAttribute, listAttributes } from '../../../projections/catalog/attribute/queries.js'
import { listArgsShape, listSchema, stringFilter } from '../../shared/lists.js'
import { requireStore } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'
import { attributeJson, attributeSchema, attributeSetSchema, attributeSetsJson } from './views.js'

const canRead = (scopes: readonly Scope[]): boolean => grants(scopes, 'products:read')

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
  readTool({
    name: 'get_attribute',
    description:
      'Get one product attribute of the current store by id or by code (e.g. material): its type, options (for SELECT and ' +
      'MULTISELECT, values are option codes), flags and validation. Read it before setting product values with set_product_attributes. ' +
      'Fails with NOT_FOUND when the store has no such attribute.',
    available: canRead,
    input: z.strictObject({
      id: z.string().nullish().describe('The attribute id.'),
      code: z.string().nullish().describe('The attribute code; used when no id is given.'),
    }),
    output: attributeSchema,
    async run(args, { session }) {
      const db = session.platform.database.db
      const storeId = requireStore(session).id
      if (args.id) {
        const attribute = await findAttribute(db, storeId, { id: args.id })
        if (!attribute) throw notFound('attribute', args.id)
        return attributeJson(attribute)
      }
      if (args.code) {
        const attribute = await findAttribute(db, storeId, { code: args.code })
        if (!attribute) throw new DomainError('NOT_FOUND', `no attribute with code '${args.code}' in this store`)
        return attributeJson(attribute)
      }
      throw badInput(['id'], 'get_attribute needs an id or a code')
    },
  }),
  readTool({
    name: 'list_attributes',
    description:
      "List the current store's product attributes with filters (code, name, type, required, filterable, visible, search), sort " +
      '(CODE_ASC when omitted) and pagination (page+limit, or first+after with pageInfo.endCursor). Returns nodes, pageInfo and totalCount.',
    available: canRead,
    input: z.strictObject({
      ...listArgsShape,
      filter: attributeFilter.nullish(),
      sort: z.enum(ATTRIBUTE_SORTS).nullish(),
    }),
    output: listSchema(attributeSchema),
    async run(args, { session }) {
      const page = await listAttributes(session.platform.database.db, requireStore(session).id, args)
      return { nodes: page.nodes.map(attributeJson), pageInfo: page.pageInfo, totalCount: page.totalCount }
    },
  }),
  readTool({
    name: 'list_attribute_sets',
    description:
      "List the current store's attribute sets (named groups of attributes in sections, e.g. Clothing) with their attribute codes. " +
      'A product in a set may hold values only of its attributes and must have values for the required ones. filter.name and ' +
      'filter.attributeId narrow the list; sort is NAME_ASC when omitted. Returns nodes, pageInfo and totalCount.',
    available: canRead,
    input: z.strictObject({
      ...listArgsShape,
      filter: z
        .strictObject({
          name: stringFilter.nullish(),
          attributeId: z.string().nullish().describe('Sets holding this attribute.'),
        })
        .nullish(),
      sort: z.enum(ATTRIBUTE_SET_SORTS).nullish(),
    }),
    output: listSchema(attributeSetSchema),
    async run(args, { session }) {
      const db = session.platform.database.db
      const storeId = requireStore(session).id
      const page = await listAttributeSets(db, storeId, args)
      return {
        nodes: await attributeSetsJson(db, storeId, page.nodes),
        pageInfo: page.pageInfo,
        totalCount: page.totalCount,
      }
    },
  }),
]
