import type { AttributeUsage } from '../../domain/catalog/attribute/commands.js'
import { attributeDecider } from '../../domain/catalog/attribute/definitions.js'
import { NO_VALIDATION, type AttributeEvent, type AttributeFields } from '../../domain/catalog/attribute/events.js'
import { deciderSpec } from './decider-spec.js'
import { STORE, ctx } from './decide-context.js'
export { STORE, ctx }

// An attribute, its store and the decider, shared by the attribute domain tests.

export const A = '01900000-0000-7000-8000-0000000000a1'
export const spec = deciderSpec(attributeDecider, ctx)

export const fields: AttributeFields = {
  attributeId: A,
  code: 'size',
  name: 'Size',
  type: 'SELECT',
  options: [
    { code: 's', label: 'S' },
    { code: 'm', label: 'M' },
  ],
  required: false,
  filterable: false,
  visible: true,
  validation: { ...NO_VALIDATION },
}
export const created: AttributeEvent = { type: 'AttributeCreated', data: fields }
export const unused: AttributeUsage = { values: 0, byOption: {} }
export const inUse: AttributeUsage = { values: 2, byOption: { s: 2 } }
