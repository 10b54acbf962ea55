import {
  defineCommand,
  type AnyCommandDefinition,
  type PrepareEnv,
  type UniquenessChange,
  storeWrite,
} from '../../shared/command.js'
import type { DecideContext } from '../../shared/context.js'
import { givenFields } from '../../shared/strict-input.js'
import { fold, deciderOf } from '../../shared/event.js'
import { commandEndRevision } from '../../shared/revert-point.js'
import { evolveAttribute, initialAttributeState, type AttributeState } from './attribute.js'
import {
  attributeCreateInput,
  attributeDeleteInput,
  attributeOptionAddInput,
  attributeOptionRemoveInput,
  attributeOptionReorderInput,
  attributeOptionUpdateInput,
  attributeRevertInput,
  attributeUpdateInput,
  toValidation,
  type AttributeCommand,
  type AttributeUsage,
} from './commands.js'
import { decideAttribute } from './decide.js'
import type { AttributeEvent, AttributeFields } from './events.js'
import { ATTRIBUTE_CATEGORY, attributeCodeKey, attributeStream } from './streams.js'
import { reservationChanges } from '../../shared/reservations.js'
import { storeOf } from '../../shared/store-of.js'

export const attributeDecider = deciderOf(initialAttributeState, evolveAttribute, decideAttribute)

const WRITE = storeWrite(ATTRIBUTE_CATEGORY, 'products:write', {
  decider: attributeDecider,
  uniqueness: codeReservations,
})
const target = (storeId: string, attributeId: string) => ({
  stream: attributeStream(storeId, attributeId),
  entityId: attributeId,
})

export const attributeCreate = defineCommand({
  name: 'attributeCreate',
  tool: 'create_attribute',
  description:
    'Define a product attribute in the current store: code (unique, never changes, e.g. screen_size), name and type (TEXT, RICH_TEXT, ' +
    'NUMBER, BOOLEAN, DATE, SELECT, MULTISELECT, COLOR, MEDIA). SELECT and MULTISELECT take options [{code, label}]. validation sets ' +
    'limits that apply to the type (TEXT: minLength, maxLength, pattern; NUMBER: min, max, decimals, unit; DATE: minDate, maxDate; ' +
    'MULTISELECT: minSelections, maxSelections). Returns the attribute. Fails with CONFLICT when the code is taken.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: attributeCreateInput,
  prepare(input, env) {
    const storeId = storeOf(env)
    const attributeId = env.newId()
    const data: AttributeFields = {
      attributeId,
      code: input.code,
      name: input.name,
      type: input.type,
      options: input.options ?? [],
      required: input.required ?? false,
      filterable: input.filterable ?? false,
      visible: input.visible ?? true,
      validation: toValidation(input.validation),
    }
    const command: AttributeCommand = { type: 'AttributeCreate', data }
    return { ...target(storeId, attributeId), command }
  },
})

export const attributeUpdate = defineCommand({
  name: 'attributeUpdate',
  tool: 'update_attribute',
  description:
    'Change an attribute, found by id: name, type, required, filterable, visible, validation (replaces the whole validation). The code ' +
    'never changes. Changing the type is refused while products hold values of the attribute. Omitted fields stay as they are. Returns the attribute.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: attributeUpdateInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    const { id, validation, ...changes } = input
    const command: AttributeCommand = {
      type: 'AttributeUpdate',
      data: { attributeId: id, ...givenFields(changes), validation: validation ? toValidation(validation) : undefined },
      // Only a type change needs the count; skipping it keeps ordinary updates off the read model.
      usage: input.type ? await usageOf(env, storeId, id) : NO_USAGE,
    }
    return { ...target(storeId, id), command }
  },
})

export const attributeDelete = defineCommand({
  name: 'attributeDelete',
  tool: 'delete_attribute',
  description:
    'Delete an attribute, found by id; its code becomes free. Refused while products hold values of it, unless force is true, which ' +
    'discards those values. Attribute sets stop listing it. Cannot be undone. Returns the deleted id.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: attributeDeleteInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    const command: AttributeCommand = {
      type: 'AttributeDelete',
      data: { attributeId: input.id, force: input.force ?? false },
      usage: await usageOf(env, storeId, input.id),
    }
    return { ...target(storeId, input.id), command }
  },
})

export const attributeOptionAdd = defineCommand({
  name: 'attributeOptionAdd',
  tool: 'add_attribute_option',
  description:
    'Add an option {code, label} to a SELECT or MULTISELECT attribute, at position (from 0) or last. Adding an option that exists with the ' +
    'same label changes nothing. Returns the attribute. Fails with CONFLICT when the code exists with another label.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: attributeOptionAddInput,
  prepare(input, env) {
    const command: AttributeCommand = {
      type: 'AttributeOptionAdd',
      data: {
        attributeId: input.id,
        option: { code: input.code, label: input.label },
        position: input.position ?? null,
      },
    }
    return { ...target(storeOf(env), input.id), command }
  },
})

export const attributeOptionUpdate = defineCommand({
  name: 'attributeOptionUpdate',
  tool: 'update_attribute_option',
  description:
    'Relabel an option of a SELECT or MULTISELECT attribute; its code (which product values store) stays. Returns the attribute.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: attributeOptionUpdateInput,
  prepare(input, env) {
    const command: AttributeCommand = {
      type: 'AttributeOptionUpdate',
      data: { attributeId: input.id, code: input.code, label: input.label },
    }
    return { ...target(storeOf(env), input.id), command }
  },
})

export const attributeOptionRemove = defineCommand({
  name: 'attributeOptionRemove',
  tool: 'remove_attribute_option',
  description:
    'Remove an option of a SELECT or MULTISELECT attribute. Refused while products hold it as their value: change those values first. ' +
    'Removing an option that is not there changes nothing. Returns the attribute.',
  ...WRITE,
  annotations: { destructive: true, idempotent: true },
  input: attributeOptionRemoveInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    const command: AttributeCommand = {
      type: 'AttributeOptionRemove',
      data: { attributeId: input.id, code: input.code },
      usage: await usageOf(env, storeId, input.id),
    }
    return { ...target(storeId, input.id), command }
  },
})

export const attributeOptionReorder = defineCommand({
  name: 'attributeOptionReorder',
  tool: 'reorder_attribute_options',
  description:
    'Reorder the options of a SELECT or MULTISELECT attribute: the listed codes come first, in the order given; the others keep their order after them. Returns the attribute.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: attributeOptionReorderInput,
  prepare(input, env) {
    const command: AttributeCommand = {
      type: 'AttributeOptionReorder',
      data: { attributeId: input.id, codes: input.codes },
    }
    return { ...target(storeOf(env), input.id), command }
  },
})

export const attributeRevert = defineCommand({
  name: 'attributeRevert',
  tool: 'revert_attribute',
  description:
    'Bring an attribute back to how it was at a revision of its history (Attribute.history lists them), as the whole change that wrote ' +
    'that revision left it (0: as its creation made it): name, type, flags, validation and ' +
    'options. Recorded as new events, so the revert itself can be reverted. Refused when it would change the type or remove an option ' +
    'while products hold such values. Returns the attribute.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: attributeRevertInput,
  async prepare(input, env) {
    const storeId = storeOf(env)
    const stream = attributeStream(storeId, input.id)
    const history = await env.readStream(stream)
    // The attribute as the whole command that wrote toRevision left it: the state Attribute.history shows.
    const past = history.filter((event) => event.revision <= commandEndRevision(history, input.toRevision))
    const state = fold(
      attributeDecider,
      past.map((event) => ({ type: event.type, data: event.data }) as AttributeEvent),
    )
    const exists = history.some((event) => event.revision === input.toRevision)
    const command: AttributeCommand = {
      type: 'AttributeRevert',
      data: {
        attributeId: input.id,
        toRevision: input.toRevision,
        target: state.kind === 'existing' && exists ? state.attribute : null,
      },
      usage: await usageOf(env, storeId, input.id),
    }
    return { ...target(storeId, input.id), command }
  },
})

export const attributeCommands: readonly AnyCommandDefinition[] = [
  attributeCreate,
  attributeUpdate,
  attributeDelete,
  attributeOptionAdd,
  attributeOptionUpdate,
  attributeOptionRemove,
  attributeOptionReorder,
  attributeRevert,
]

const NO_USAGE: AttributeUsage = { values: 0, byOption: {} }

async function usageOf(env: PrepareEnv, storeId: string, attributeId: string): Promise<AttributeUsage> {
  if (!env.catalogUsage)
    throw new Error('this command needs catalogUsage in its PrepareEnv: it checks which products hold values')
  return env.catalogUsage.attributeUsage(storeId, attributeId)
}

/** The code is claimed at creation and freed at deletion; a claim on a code another attribute holds is a CONFLICT. */
export function codeReservations(
  events: readonly AttributeEvent[],
  _before: AttributeState,
  ctx: DecideContext,
): UniquenessChange[] {
  const { claim, release } = reservationChanges(ctx.storeId ?? '', attributeCodeKey, ['input', 'code'])
  return events.flatMap((event): UniquenessChange[] => {
    if (event.type === 'AttributeCreated') {
      const { code, attributeId } = event.data
      return [
        claim(
          code,
          attributeId,
          `attribute code '${code}' is taken in this store; choose another or update the existing attribute`,
        ),
      ]
    }
    if (event.type === 'AttributeDeleted') return [release(event.data.code, event.data.attributeId)]
    return []
  })
}
