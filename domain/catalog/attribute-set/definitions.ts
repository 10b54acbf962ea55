import { defineCommand, type AnyCommandDefinition, type PrepareEnv, storeWrite } from '../../shared/command.js'
import { deciderOf } from '../../shared/event.js'
import { resolveAttributeCode } from '../attribute/lookup.js'
import { evolveAttributeSet, initialAttributeSetState } from './attribute-set.js'
import {
  attributeSetAttributeAddInput,
  attributeSetAttributeRemoveInput,
  attributeSetAttributeReorderInput,
  attributeSetCreateInput,
  attributeSetDeleteInput,
  attributeSetUpdateInput,
  type AttributeRef,
  type AttributeSetCommand,
  type SectionRefs,
} from './commands.js'
import { decideAttributeSet } from './decide.js'
import { DEFAULT_SECTION } from './events.js'
import { ATTRIBUTE_SET_CATEGORY, attributeSetStream } from './streams.js'
import { storeOf } from '../../shared/store-of.js'

export const attributeSetDecider = deciderOf(initialAttributeSetState, evolveAttributeSet, decideAttributeSet)

const WRITE = storeWrite(ATTRIBUTE_SET_CATEGORY, 'products:write', { decider: attributeSetDecider })
const target = (storeId: string, attributeSetId: string) => ({
  stream: attributeSetStream(storeId, attributeSetId),
  entityId: attributeSetId,
})

export const attributeSetCreate = defineCommand({
  name: 'attributeSetCreate',
  summary: 'Creates an attribute set.',
  tool: 'create_attribute_set',
  description:
    'Create an attribute set: a named group of attributes (e.g. "Clothing") laid out in sections [{name, attributeCodes}]. A product ' +
    'belongs to at most one set, may hold values only of its attributes, and must have values for those marked required. Returns the set.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: attributeSetCreateInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    const attributeSetId = env.newId()
    const command: AttributeSetCommand = {
      type: 'AttributeSetCreate',
      data: { attributeSetId, name: input.name, sections: await resolveSections(env, storeId, input.sections ?? []) },
    }
    return { ...target(storeId, attributeSetId), command }
  },
})

export const attributeSetUpdate = defineCommand({
  name: 'attributeSetUpdate',
  summary: 'Renames a set or replaces its whole layout.',
  tool: 'update_attribute_set',
  description:
    'Rename an attribute set or replace its whole layout (sections [{name, attributeCodes}]; attributes left out leave the set). Products keep ' +
    'their values. To add, remove or reorder single attributes use add_attribute_set_attribute and its siblings. Returns the set.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: attributeSetUpdateInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    const sections = input.sections ? await resolveSections(env, storeId, input.sections) : undefined
    const command: AttributeSetCommand = {
      type: 'AttributeSetUpdate',
      data: { attributeSetId: input.id, name: input.name ?? undefined, sections },
    }
    return { ...target(storeId, input.id), command }
  },
})

export const attributeSetDelete = defineCommand({
  name: 'attributeSetDelete',
  summary: 'Deletes a set; refused while products belong to it.',
  tool: 'delete_attribute_set',
  description:
    'Delete an attribute set. Refused while products belong to it: move them with productAttributeSetChange first. The attributes stay. Returns the deleted id.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: attributeSetDeleteInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    if (!env.catalogUsage)
      throw new Error('attributeSetDelete needs catalogUsage in its PrepareEnv: it checks which products use the set')
    const productsInSet = await env.catalogUsage.productsInAttributeSet(storeId, input.id)
    const command: AttributeSetCommand = {
      type: 'AttributeSetDelete',
      data: { attributeSetId: input.id },
      productsInSet,
    }
    return { ...target(storeId, input.id), command }
  },
})

export const attributeSetAttributeAdd = defineCommand({
  name: 'attributeSetAttributeAdd',
  summary: 'Adds an attribute, by code, to a section of the set.',
  tool: 'add_attribute_set_attribute',
  description:
    'Add an attribute, by code, to a set: into section (created last when new; "General" when omitted) at position (from 0; last when ' +
    'omitted). Adding one the set holds changes nothing. Returns the set.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: attributeSetAttributeAddInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    const attribute = await ref(env, storeId, input.code, ['input', 'code'])
    const command: AttributeSetCommand = {
      type: 'AttributeSetAttributeAdd',
      data: {
        attributeSetId: input.id,
        attribute,
        section: input.section ?? DEFAULT_SECTION,
        position: input.position ?? null,
      },
    }
    return { ...target(storeId, input.id), command }
  },
})

export const attributeSetAttributeRemove = defineCommand({
  name: 'attributeSetAttributeRemove',
  summary: 'Takes an attribute, by code, out of the set.',
  tool: 'remove_attribute_set_attribute',
  description:
    'Take an attribute, by code, out of a set. Products keep their values until they change set or remove them. Returns the set.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: attributeSetAttributeRemoveInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    const command: AttributeSetCommand = {
      type: 'AttributeSetAttributeRemove',
      data: { attributeSetId: input.id, attribute: await ref(env, storeId, input.code, ['input', 'code']) },
    }
    return { ...target(storeId, input.id), command }
  },
})

export const attributeSetAttributeReorder = defineCommand({
  name: 'attributeSetAttributeReorder',
  summary: 'Puts the listed attributes first in their section, in that order.',
  tool: 'reorder_attribute_set_attributes',
  description:
    'Reorder the attributes of one section of a set ("General" when omitted): the listed codes first, in order; the others keep their order after them. Returns the set.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: attributeSetAttributeReorderInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    const attributes: AttributeRef[] = []
    for (const [index, code] of input.codes.entries())
      attributes.push(await ref(env, storeId, code, ['input', 'codes', index]))
    const command: AttributeSetCommand = {
      type: 'AttributeSetAttributeReorder',
      data: { attributeSetId: input.id, section: input.section ?? DEFAULT_SECTION, attributes },
    }
    return { ...target(storeId, input.id), command }
  },
})

export const attributeSetCommands: readonly AnyCommandDefinition[] = [
  attributeSetCreate,
  attributeSetUpdate,
  attributeSetDelete,
  attributeSetAttributeAdd,
  attributeSetAttributeRemove,
  attributeSetAttributeReorder,
]

async function ref(
  env: PrepareEnv,
  storeId: string,
  code: string,
  field: readonly (string | number)[],
): Promise<AttributeRef> {
  return { attributeId: await resolveAttributeCode(env, storeId, code, field), code }
}

async function resolveSections(
  env: PrepareEnv,
  storeId: string,
  sections: readonly { name: string; attributeCodes: string[] }[],
): Promise<SectionRefs[]> {
  const resolved: SectionRefs[] = []
  for (const [index, section] of sections.entries()) {
    const attributes: AttributeRef[] = []
    for (const [position, code] of section.attributeCodes.entries())
      attributes.push(await ref(env, storeId, code, ['input', 'sections', index, 'attributeCodes', position]))
    resolved.push({ name: section.name, attributes })
  }
  return resolved
}
