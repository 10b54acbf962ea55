import { badInput, conflict, notFound } from '../../shared/errors.js'
import { listedFirst, sameOrder } from '../../shared/ordered-ids.js'
import type { AttributeSetState } from './attribute-set.js'
import { SET_ATTRIBUTES_MAX, toSections, type AttributeSetCommand, type SectionRefs } from './commands.js'
import { setAttributeIds, type AttributeSetEvent, type AttributeSetFields, type AttributeSetSection } from './events.js'

/** Pure: the answer depends on the command (codes already resolved to ids) and the set's history. */
export function decideAttributeSet(command: AttributeSetCommand, state: AttributeSetState): AttributeSetEvent[] {
  switch (command.type) {
    case 'AttributeSetCreate': {
      if (state.kind !== 'empty')
        throw conflict(
          `attribute set '${command.data.attributeSetId}' already exists; use attributeSetUpdate to change it`,
        )
      checkLayout(command.data.sections)
      return [
        {
          type: 'AttributeSetCreated',
          data: {
            attributeSetId: command.data.attributeSetId,
            name: command.data.name,
            sections: toSections(command.data.sections),
          },
        },
      ]
    }
    case 'AttributeSetUpdate': {
      const set = live(state, command.data.attributeSetId)
      const events: AttributeSetEvent[] = []
      const { name, sections } = command.data
      if (name !== undefined && name !== set.name)
        events.push({ type: 'AttributeSetRenamed', data: { attributeSetId: set.attributeSetId, name } })
      if (sections !== undefined) {
        checkLayout(sections)
        const layout = toSections(sections)
        if (!sameLayout(layout, set.sections))
          events.push({
            type: 'AttributeSetLayoutChanged',
            data: { attributeSetId: set.attributeSetId, sections: layout },
          })
      }
      return events
    }
    case 'AttributeSetDelete': {
      const set = live(state, command.data.attributeSetId)
      if (command.productsInSet > 0) {
        throw badInput(
          ['input', 'id'],
          `attribute set '${set.name}' is used by ${command.productsInSet} product(s); move them to another set with productAttributeSetChange first`,
        )
      }
      return [{ type: 'AttributeSetDeleted', data: { attributeSetId: set.attributeSetId } }]
    }
    case 'AttributeSetAttributeAdd': {
      const set = live(state, command.data.attributeSetId)
      const { attribute, section } = command.data
      if (setAttributeIds(set).includes(attribute.attributeId)) return []
      if (setAttributeIds(set).length >= SET_ATTRIBUTES_MAX)
        throw badInput(['input', 'code'], `a set may hold at most ${SET_ATTRIBUTES_MAX} attributes`)
      const length = set.sections.find((s) => s.name === section)?.attributeIds.length ?? 0
      const position = Math.min(command.data.position ?? length, length)
      return [
        {
          type: 'AttributeSetAttributeAdded',
          data: {
            attributeSetId: set.attributeSetId,
            attributeId: attribute.attributeId,
            code: attribute.code,
            section,
            position,
          },
        },
      ]
    }
    case 'AttributeSetAttributeRemove': {
      const set = live(state, command.data.attributeSetId)
      const { attribute } = command.data
      if (!setAttributeIds(set).includes(attribute.attributeId)) return []
      return [
        {
          type: 'AttributeSetAttributeRemoved',
          data: { attributeSetId: set.attributeSetId, attributeId: attribute.attributeId, code: attribute.code },
        },
      ]
    }
    case 'AttributeSetAttributeReorder': {
      const set = live(state, command.data.attributeSetId)
      const { section, attributes } = command.data
      const current = set.sections.find((s) => s.name === section)
      if (!current) {
        throw badInput(
          ['input', 'section'],
          `attribute set '${set.name}' has no section '${section}'; its sections are ${set.sections.map((s) => s.name).join(', ') || 'none yet'}`,
        )
      }
      const ids = attributes.map((a) => a.attributeId)
      attributes.forEach((attribute, index) => {
        if (!current.attributeIds.includes(attribute.attributeId)) {
          throw badInput(
            ['input', 'codes', index],
            `attribute '${attribute.code}' is not in section '${section}' of attribute set '${set.name}'`,
          )
        }
        if (ids.indexOf(attribute.attributeId) !== index)
          throw badInput(
            ['input', 'codes', index],
            `attribute '${attribute.code}' is listed twice; list each attribute once`,
          )
      })
      const order = listedFirst(current.attributeIds, ids)
      if (sameOrder(order, current.attributeIds)) return []
      return [
        {
          type: 'AttributeSetAttributesReordered',
          data: { attributeSetId: set.attributeSetId, section, attributeIds: order },
        },
      ]
    }
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

/** Section names are unique and an attribute sits in one place only. */
function checkLayout(sections: readonly SectionRefs[]): void {
  const seen = new Set<string>()
  sections.forEach((section, index) => {
    if (sections.findIndex((s) => s.name === section.name) !== index)
      throw badInput(
        ['input', 'sections', index, 'name'],
        `section '${section.name}' is given twice; section names must be unique`,
      )
    section.attributes.forEach((attribute, position) => {
      if (seen.has(attribute.attributeId)) {
        throw badInput(
          ['input', 'sections', index, 'attributeCodes', position],
          `attribute '${attribute.code}' is listed twice; an attribute sits in one section only`,
        )
      }
      seen.add(attribute.attributeId)
    })
  })
  if (seen.size > SET_ATTRIBUTES_MAX)
    throw badInput(['input', 'sections'], `a set may hold at most ${SET_ATTRIBUTES_MAX} attributes`)
}

function sameLayout(a: readonly AttributeSetSection[], b: readonly AttributeSetSection[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

function live(state: AttributeSetState, attributeSetId: string): AttributeSetFields {
  if (state.kind !== 'existing') throw notFound('attribute set', attributeSetId)
  return state.set
}
