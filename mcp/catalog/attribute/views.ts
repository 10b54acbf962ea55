import { z } from 'zod'
import { ATTRIBUTE_SET_CATEGORY } from '../../../domain/catalog/attribute-set/streams.js'
import { ATTRIBUTE_TYPES } from '../../../domain/catalog/attribute/events.js'
import { ATTRIBUTE_CATEGORY } from '../../../domain/catalog/attribute/streams.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { findAttributeSet, type AttributeSetRecord } from '../../../projections/catalog/attribute-set/queries.js'
import { attributesByIds, findAttribute, type AttributeRecord } from '../../../projections/catalog/attribute/queries.js'
import { isoString } from '../../shared/lists.js'
import type { ResourceView } from '../../shared/view.js'

const nullableNumber = z.number().nullable()

/** An attribute as the MCP tools return it: the GraphQL `Attribute` fields, times as ISO-8601 strings. */
export const attributeSchema = z.object({
  id: z.string(),
  code: z.string().describe('Unique in the store and never changed; product values and filters name it.'),
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  options: z
    .array(z.object({ code: z.string(), label: z.string() }))
    .describe('SELECT and MULTISELECT choices, in order; product values store the code.'),
  required: z.boolean().describe('Products whose attribute set holds it must have a value.'),
  filterable: z.boolean(),
  visible: z.boolean(),
  validation: z
    .object({
      minLength: nullableNumber,
      maxLength: nullableNumber,
      pattern: z.string().nullable(),
      min: nullableNumber,
      max: nullableNumber,
      decimals: nullableNumber,
      unit: z.string().nullable(),
      minDate: z.string().nullable(),
      maxDate: z.string().nullable(),
      minSelections: nullableNumber,
      maxSelections: nullableNumber,
    })
    .describe('Limits on values; null where not set or not applying to the type.'),
  revision: z.number().int().describe('revert_attribute takes these.'),
  createdAt: z.string(),
  updatedAt: z.string(),
})

/** An attribute set with its sections' attributes by code. */
export const attributeSetSchema = z.object({
  id: z.string(),
  name: z.string(),
  sections: z.array(z.object({ name: z.string(), attributeCodes: z.array(z.string()).describe('In display order.') })),
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export function attributeJson(attribute: AttributeRecord): z.infer<typeof attributeSchema> {
  return { ...attribute, createdAt: isoString(attribute.createdAt), updatedAt: isoString(attribute.updatedAt) }
}

/** Sets with their attribute codes, the attributes read in one query for the whole list. */
export async function attributeSetsJson(
  db: AnyDb,
  storeId: string,
  sets: readonly AttributeSetRecord[],
): Promise<z.infer<typeof attributeSetSchema>[]> {
  const attributes = await attributesByIds(
    db,
    storeId,
    sets.flatMap((set) => set.sections.flatMap((s) => s.attributeIds)),
  )
  return sets.map((set) => ({
    id: set.id,
    name: set.name,
    sections: set.sections.map((s) => ({
      name: s.name,
      attributeCodes: s.attributeIds.flatMap((id) => attributes.get(id)?.code ?? []),
    })),
    revision: set.revision,
    createdAt: isoString(set.createdAt),
    updatedAt: isoString(set.updatedAt),
  }))
}

export const attributeView: ResourceView = {
  resource: ATTRIBUTE_CATEGORY,
  readTool: 'get_attribute',
  schema: attributeSchema,
  async read(session, id) {
    if (!session.store) return null
    const attribute = await findAttribute(session.platform.database.db, session.store.id, { id })
    return attribute ? attributeJson(attribute) : null
  },
}

export const attributeSetView: ResourceView = {
  resource: ATTRIBUTE_SET_CATEGORY,
  readTool: 'list_attribute_sets',
  schema: attributeSetSchema,
  async read(session, id) {
    if (!session.store) return null
    const db = session.platform.database.db
    const set = await findAttributeSet(db, session.store.id, id)
    return set ? (await attributeSetsJson(db, session.store.id, [set]))[0]! : null
  },
}
