import { z } from 'zod'
import type { AttributeRecord } from '../../../projections/catalog/attribute/queries.js'
import type { AttributeSetRecord } from '../../../projections/catalog/attribute-set/queries.js'
import { versionView, versionViewShape } from '../../shared/version-view.js'

/**
 * An attribute set as the MCP tools serve it and GraphQL's `AttributeSet` resolves from: its
 * sections name their attributes by code (unique in the store, never changed); GraphQL's
 * `sections` and `attributes` read the attributes themselves (`attributeSetSections`).
 */
export const attributeSetViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  sections: z.array(z.object({ name: z.string(), attributeCodes: z.array(z.string()).describe('In display order.') })),
  ...versionViewShape,
})

export type AttributeSetView = z.infer<typeof attributeSetViewSchema>

/** Field by field; `attributes` holds at least the set's live attributes by id (deleted ones are left out). */
export function toAttributeSetView(
  set: AttributeSetRecord,
  attributes: ReadonlyMap<string, Pick<AttributeRecord, 'code'>>,
): AttributeSetView {
  return {
    id: set.id,
    name: set.name,
    sections: set.sections.map((section) => ({
      name: section.name,
      attributeCodes: section.attributeIds.flatMap((id) => attributes.get(id)?.code ?? []),
    })),
    ...versionView(set),
  }
}
