import type { AttributeUsage } from '../../domain/catalog/attribute/commands.js'
import { attributeDecider } from '../../domain/catalog/attribute/definitions.js'
import { NO_VALIDATION, type AttributeEvent, type AttributeFields } from '../../domain/catalog/attribute/events.js'
import type { DecideContext } from '../../domain/shared/context.js'
import { deciderSpec } from './decider-spec.js'

// An attribute, its store and the decider, shared by the attribute domain tests.

export const STORE = '01900000-0000-7000-8000-00000000a001'
export const A = '01900000-0000-7000-8000-0000000000a1'
export const ctx: DecideContext = {
  now: new Date('2026-01-02T03:04:05Z'),
  actor: { type: 'api_key', id: 'key-1' },
  organizationId: 'org-1',
  storeId: STORE,
}
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
