import { z } from 'zod'
import { entityId, requiredText } from '../../shared/input-types.js'
import { attributeCode } from '../attribute/commands.js'
import type { AttributeSetSection } from './events.js'
import { strictInput } from '../../shared/strict-input.js'
import { insertPositionInput } from '../../shared/ordered-ids.js'

export const SET_NAME_MAX_LENGTH = 255
export const SECTION_NAME_MAX_LENGTH = 100
export const SET_ATTRIBUTES_MAX = 500

const attributeSetId = entityId('attribute set').describe(
  'The attribute set id returned by create_attribute_set (a UUID).',
)

const name = requiredText('name', SET_NAME_MAX_LENGTH).describe('The name merchants read, e.g. "Clothing".')

const sectionName = z
  .string({ error: 'section must be a string' })
  .trim()
  .min(1, 'section must not be empty')
  .max(SECTION_NAME_MAX_LENGTH, `section must be at most ${SECTION_NAME_MAX_LENGTH} characters`)

const codes = z
  .array(attributeCode, { error: 'attributeCodes must be a list of attribute codes' })
  .max(SET_ATTRIBUTES_MAX, `a set may hold at most ${SET_ATTRIBUTES_MAX} attributes`)

const sections = z
  .array(
    z.strictObject({
      name: sectionName.describe('The section title, e.g. "Dimensions".'),
      attributeCodes: codes.describe('Attribute codes, in display order.'),
    }),
    {
      error: 'sections must be a list of {name, attributeCodes}',
    },
  )
  // Every code of every section is looked up: the sections are bounded like the attributes they hold.
  .max(SET_ATTRIBUTES_MAX, `a set may have at most ${SET_ATTRIBUTES_MAX} sections`)
  .describe(
    'The layout: sections in order, each with its attributes in order. An attribute may sit in one section only.',
  )

export const attributeSetCreateInput = strictInput('attributeSetCreate', { name, sections: sections.nullish() })
export const attributeSetUpdateInput = strictInput('attributeSetUpdate', {
  id: attributeSetId,
  name: name.nullish(),
  sections: sections.nullish().describe('Replaces the whole layout; attributes left out leave the set.'),
})
export const attributeSetDeleteInput = strictInput('attributeSetDelete', { id: attributeSetId })
export const attributeSetAttributeAddInput = strictInput('attributeSetAttributeAdd', {
  id: attributeSetId,
  code: attributeCode,
  section: sectionName.nullish().describe('The section to put it in, created last when new; "General" when omitted.'),
  position: insertPositionInput.describe('Where in the section, counting from 0; last when omitted.'),
})
export const attributeSetAttributeRemoveInput = strictInput('attributeSetAttributeRemove', {
  id: attributeSetId,
  code: attributeCode,
})
export const attributeSetAttributeReorderInput = strictInput('attributeSetAttributeReorder', {
  id: attributeSetId,
  section: sectionName.nullish().describe('The section to reorder; "General" when omitted.'),
  codes: z
    .array(attributeCode, { error: 'codes must be a list of attribute codes' })
    .min(1, 'codes must name at least one attribute')
    .max(SET_ATTRIBUTES_MAX, `a set holds at most ${SET_ATTRIBUTES_MAX} attributes to reorder`)
    .describe('Attribute codes of the section in their new order; the others keep their order after them.'),
})

/** An attribute named by code in the input, resolved by `prepare` to its id. */
export type AttributeRef = { attributeId: string; code: string }
/** A section with its attributes resolved. */
export type SectionRefs = { name: string; attributes: AttributeRef[] }

export type AttributeSetCreate = {
  type: 'AttributeSetCreate'
  data: { attributeSetId: string; name: string; sections: SectionRefs[] }
}
export type AttributeSetUpdate = {
  type: 'AttributeSetUpdate'
  data: { attributeSetId: string; name?: string; sections?: SectionRefs[] }
}
/** `productsInSet` is read by `prepare` from the read model. */
export type AttributeSetDelete = { type: 'AttributeSetDelete'; data: { attributeSetId: string }; productsInSet: number }
export type AttributeSetAttributeAdd = {
  type: 'AttributeSetAttributeAdd'
  data: { attributeSetId: string; attribute: AttributeRef; section: string; position: number | null }
}
export type AttributeSetAttributeRemove = {
  type: 'AttributeSetAttributeRemove'
  data: { attributeSetId: string; attribute: AttributeRef }
}
export type AttributeSetAttributeReorder = {
  type: 'AttributeSetAttributeReorder'
  data: { attributeSetId: string; section: string; attributes: AttributeRef[] }
}

export type AttributeSetCommand =
  | AttributeSetCreate
  | AttributeSetUpdate
  | AttributeSetDelete
  | AttributeSetAttributeAdd
  | AttributeSetAttributeRemove
  | AttributeSetAttributeReorder

/** The sections as the events store them: attribute ids only. */
export function toSections(refs: readonly SectionRefs[]): AttributeSetSection[] {
  return refs.map((section) => ({ name: section.name, attributeIds: section.attributes.map((a) => a.attributeId) }))
}
