import { eventTypes, type DomainEvent } from '../../shared/event.js'

/** Where a set shows attributes when no section is named. */
export const DEFAULT_SECTION = 'General'

/** A titled group of the set's attributes, in display order. */
export type AttributeSetSection = { name: string; attributeIds: string[] }

/** A named group of attributes laid out in ordered sections; each attribute sits in one section. */
export type AttributeSetFields = { attributeSetId: string; name: string; sections: AttributeSetSection[] }

export type AttributeSetCreated = DomainEvent<'AttributeSetCreated', AttributeSetFields>
export type AttributeSetRenamed = DomainEvent<'AttributeSetRenamed', { attributeSetId: string; name: string }>
/** The whole new layout: sections, their order and their attributes. */
export type AttributeSetLayoutChanged = DomainEvent<
  'AttributeSetLayoutChanged',
  { attributeSetId: string; sections: AttributeSetSection[] }
>
/** Inserted at index `position` of `section`, which is created last when new. */
export type AttributeSetAttributeAdded = DomainEvent<
  'AttributeSetAttributeAdded',
  { attributeSetId: string; attributeId: string; code: string; section: string; position: number }
>
export type AttributeSetAttributeRemoved = DomainEvent<
  'AttributeSetAttributeRemoved',
  { attributeSetId: string; attributeId: string; code: string }
>
/** `attributeIds` is the whole new order of `section`. */
export type AttributeSetAttributesReordered = DomainEvent<
  'AttributeSetAttributesReordered',
  { attributeSetId: string; section: string; attributeIds: string[] }
>
export type AttributeSetDeleted = DomainEvent<'AttributeSetDeleted', { attributeSetId: string }>

export type AttributeSetEvent =
  | AttributeSetCreated
  | AttributeSetRenamed
  | AttributeSetLayoutChanged
  | AttributeSetAttributeAdded
  | AttributeSetAttributeRemoved
  | AttributeSetAttributesReordered
  | AttributeSetDeleted

export const ATTRIBUTE_SET_EVENT_TYPES = eventTypes<AttributeSetEvent>({
  AttributeSetCreated: true,
  AttributeSetRenamed: true,
  AttributeSetLayoutChanged: true,
  AttributeSetAttributeAdded: true,
  AttributeSetAttributeRemoved: true,
  AttributeSetAttributesReordered: true,
  AttributeSetDeleted: true,
})

/** Every attribute of the set, section by section. */
export function setAttributeIds(fields: Pick<AttributeSetFields, 'sections'>): string[] {
  return fields.sections.flatMap((section) => section.attributeIds)
}

// Layout arithmetic shared by the decider and the read model so both agree on every order.

export function withAttributeAdded(
  sections: readonly AttributeSetSection[],
  attributeId: string,
  section: string,
  position: number,
): AttributeSetSection[] {
  const copy = sections.map((s) => ({ name: s.name, attributeIds: [...s.attributeIds] }))
  let target = copy.find((s) => s.name === section)
  if (!target) copy.push((target = { name: section, attributeIds: [] }))
  target.attributeIds.splice(position, 0, attributeId)
  return copy
}

export function withAttributeRemoved(
  sections: readonly AttributeSetSection[],
  attributeId: string,
): AttributeSetSection[] {
  return sections.map((s) => ({ name: s.name, attributeIds: s.attributeIds.filter((id) => id !== attributeId) }))
}

export function withSectionOrder(
  sections: readonly AttributeSetSection[],
  section: string,
  attributeIds: readonly string[],
): AttributeSetSection[] {
  return sections.map((s) =>
    s.name === section
      ? { name: s.name, attributeIds: [...attributeIds] }
      : { name: s.name, attributeIds: [...s.attributeIds] },
  )
}
