import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { PrepareEnv } from '../../shared/command.js'
import type { DecideContext } from '../../shared/context.js'
import { fold } from '../../shared/event.js'
import { attributeCreateInput, attributeUpdateInput, type AttributeCommand, type AttributeUsage } from './commands.js'
import { attributeCreate, attributeDecider, attributeRevert, codeReservations } from './definitions.js'
import { NO_VALIDATION, type AttributeEvent, type AttributeFields } from './events.js'

const STORE = '01900000-0000-7000-8000-00000000a001'
const A = '01900000-0000-7000-8000-0000000000a1'
const ctx: DecideContext = {
  now: new Date('2026-01-02T03:04:05Z'),
  actor: { type: 'api_key', id: 'key-1' },
  organizationId: 'org-1',
  storeId: STORE,
}
const spec = deciderSpec(attributeDecider, ctx)

const fields: AttributeFields = {
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
const created: AttributeEvent = { type: 'AttributeCreated', data: fields }
const unused: AttributeUsage = { values: 0, byOption: {} }
const inUse: AttributeUsage = { values: 2, byOption: { s: 2 } }
const update = (
  data: Omit<Extract<AttributeCommand, { type: 'AttributeUpdate' }>['data'], 'attributeId'>,
  usage = unused,
): AttributeCommand => ({
  type: 'AttributeUpdate',
  data: { attributeId: A, ...data },
  usage,
})

describe('attributeCreate', () => {
  it('records the attribute', () => {
    spec.given([]).when({ type: 'AttributeCreate', data: fields }).then([created])
  })

  it('refuses options on a type without them, repeated option codes, and validation the type does not take', () => {
    spec
      .given([])
      .when({ type: 'AttributeCreate', data: { ...fields, type: 'TEXT' } })
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'options'] })
    spec
      .given([])
      .when({
        type: 'AttributeCreate',
        data: {
          ...fields,
          options: [
            { code: 's', label: 'S' },
            { code: 's', label: 'Small' },
          ],
        },
      })
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'options', 1, 'code'],
        message: "option code 's' is given twice",
      })
    spec
      .given([])
      .when({
        type: 'AttributeCreate',
        data: { ...fields, type: 'NUMBER', options: [], validation: { ...NO_VALIDATION, pattern: 'x' } },
      })
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'validation', 'pattern'],
        message: 'pattern does not apply to a NUMBER attribute',
      })
  })

  it('refuses a range the wrong way round and a pattern that does not compile', () => {
    const number = { ...fields, type: 'NUMBER' as const, options: [] }
    spec
      .given([])
      .when({ type: 'AttributeCreate', data: { ...number, validation: { ...NO_VALIDATION, min: 5, max: 1 } } })
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'validation', 'min'] })
    const text = { ...fields, type: 'TEXT' as const, options: [] }
    spec
      .given([])
      .when({ type: 'AttributeCreate', data: { ...text, validation: { ...NO_VALIDATION, pattern: '(' } } })
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'validation', 'pattern'] })
  })

  it('is a CONFLICT on an existing stream', () => {
    spec.given([created]).when({ type: 'AttributeCreate', data: fields }).thenFails({ code: 'CONFLICT' })
  })

  it('claims the code at creation and releases it at deletion', () => {
    expect(codeReservations([created], { kind: 'empty' }, ctx)).toEqual([
      {
        kind: 'claim',
        scope: STORE,
        key: 'attribute-code:size',
        ownerId: A,
        field: ['input', 'code'],
        message: "attribute code 'size' is taken in this store; choose another or update the existing attribute",
      },
    ])
    expect(
      codeReservations(
        [{ type: 'AttributeDeleted', data: { attributeId: A, code: 'size', valuesDropped: 0 } }],
        { kind: 'empty' },
        ctx,
      ),
    ).toEqual([{ kind: 'release', scope: STORE, key: 'attribute-code:size', ownerId: A }])
  })

  it('validates its input: code pattern, type, defaults in prepare', async () => {
    expect(attributeCreateInput.safeParse({ code: 'Size', name: 'x', type: 'TEXT' }).error?.issues[0]).toMatchObject({
      path: ['code'],
    })
    expect(
      attributeCreateInput.safeParse({ code: 'size', name: 'x', type: 'SIZE' }).error?.issues[0]?.message,
    ).toContain('type must be one of TEXT')
    const env: PrepareEnv = { ctx, newId: () => A, reservationOwner: async () => null, readStream: async () => [] }
    const prepared = await attributeCreate.prepare(
      attributeCreateInput.parse({ code: 'size', name: 'Size', type: 'TEXT' }),
      env,
    )
    expect(prepared).toMatchObject({
      stream: `attribute-${STORE}_${A}`,
      entityId: A,
      command: { data: { required: false, filterable: false, visible: true, options: [] } },
    })
  })
})

describe('attributeUpdate', () => {
  it('records only what changes', () => {
    spec
      .given([created])
      .when(update({ name: 'Fit', filterable: true }))
      .then([
        { type: 'AttributeRenamed', data: { attributeId: A, name: 'Fit' } },
        { type: 'AttributeFlagsChanged', data: { attributeId: A, required: false, filterable: true, visible: true } },
      ])
    spec
      .given([created])
      .when(update({ name: 'Size', type: 'SELECT' }))
      .then([])
  })

  it('changes the type while no product holds values, dropping options and validation the new type does not take', () => {
    spec
      .given([created])
      .when(update({ type: 'TEXT' }))
      .then([
        {
          type: 'AttributeTypeChanged',
          data: { attributeId: A, from: 'SELECT', to: 'TEXT', validation: NO_VALIDATION, options: [] },
        },
      ])
  })

  it('refuses a type change while products hold values, naming how many', () => {
    spec
      .given([created])
      .when(update({ type: 'TEXT' }, inUse))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'type'], message: '2 product(s) hold values of it' })
  })

  it('replaces the validation, checked against the type', () => {
    const number: AttributeEvent = { type: 'AttributeCreated', data: { ...fields, type: 'NUMBER', options: [] } }
    const validation = { ...NO_VALIDATION, min: 0, unit: 'cm' }
    spec
      .given([number])
      .when(update({ validation }))
      .then([{ type: 'AttributeValidationChanged', data: { attributeId: A, validation } }])
    spec
      .given([number])
      .when(update({ validation: { ...NO_VALIDATION, maxLength: 3 } }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'validation', 'maxLength'] })
  })

  it('answers NOT_FOUND for a missing or deleted attribute', () => {
    spec
      .given([])
      .when(update({ name: 'x' }))
      .thenFails({ code: 'NOT_FOUND', message: `attribute '${A}' does not exist in this store` })
    spec
      .given([created, { type: 'AttributeDeleted', data: { attributeId: A, code: 'size', valuesDropped: 0 } }])
      .when(update({ name: 'x' }))
      .thenFails({ code: 'NOT_FOUND' })
  })

  it('takes null as not given', () => {
    expect(attributeUpdateInput.parse({ id: A.toUpperCase(), name: null, type: null })).toEqual({
      id: A,
      name: null,
      type: null,
    })
  })
})

describe('attributeDelete', () => {
  const remove = (force: boolean, usage = unused): AttributeCommand => ({
    type: 'AttributeDelete',
    data: { attributeId: A, force },
    usage,
  })

  it('deletes an unused attribute, and a used one only when forced', () => {
    spec
      .given([created])
      .when(remove(false))
      .then([{ type: 'AttributeDeleted', data: { attributeId: A, code: 'size', valuesDropped: 0 } }])
    spec
      .given([created])
      .when(remove(false, inUse))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'force'], message: 'pass force: true' })
    spec
      .given([created])
      .when(remove(true, inUse))
      .then([{ type: 'AttributeDeleted', data: { attributeId: A, code: 'size', valuesDropped: 2 } }])
    spec.given([]).when(remove(true)).thenFails({ code: 'NOT_FOUND' })
  })
})

describe('options', () => {
  const add = (code: string, label: string, position: number | null = null): AttributeCommand => ({
    type: 'AttributeOptionAdd',
    data: { attributeId: A, option: { code, label }, position },
  })

  it('adds at the end or a position; the same option again changes nothing; another label is a CONFLICT', () => {
    spec
      .given([created])
      .when(add('l', 'L'))
      .then([
        { type: 'AttributeOptionAdded', data: { attributeId: A, option: { code: 'l', label: 'L' }, position: 2 } },
      ])
    spec
      .given([created])
      .when(add('xs', 'XS', 0))
      .then([
        { type: 'AttributeOptionAdded', data: { attributeId: A, option: { code: 'xs', label: 'XS' }, position: 0 } },
      ])
    spec.given([created]).when(add('s', 'S')).then([])
    spec
      .given([created])
      .when(add('s', 'Small'))
      .thenFails({ code: 'CONFLICT', field: ['input', 'code'] })
  })

  it('refuses options on attributes that have none', () => {
    const text: AttributeEvent = { type: 'AttributeCreated', data: { ...fields, type: 'TEXT', options: [] } }
    spec.given([text]).when(add('a', 'A')).thenFails({
      code: 'BAD_USER_INPUT',
      message: "attribute 'size' is TEXT; only SELECT and MULTISELECT attributes have options",
    })
  })

  it('relabels an existing option and names the options when it is unknown', () => {
    spec
      .given([created])
      .when({ type: 'AttributeOptionUpdate', data: { attributeId: A, code: 'm', label: 'Medium' } })
      .then([{ type: 'AttributeOptionRelabeled', data: { attributeId: A, code: 'm', label: 'Medium' } }])
    spec
      .given([created])
      .when({ type: 'AttributeOptionUpdate', data: { attributeId: A, code: 'x', label: 'X' } })
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'code'],
        message: "attribute 'size' has no option 'x'; its options are s, m",
      })
  })

  it('removes an option nobody holds, refuses one that products hold, ignores one that is not there', () => {
    const remove = (code: string, usage = unused): AttributeCommand => ({
      type: 'AttributeOptionRemove',
      data: { attributeId: A, code },
      usage,
    })
    spec
      .given([created])
      .when(remove('m', inUse))
      .then([{ type: 'AttributeOptionRemoved', data: { attributeId: A, code: 'm' } }])
    spec
      .given([created])
      .when(remove('s', inUse))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'code'],
        message: "option 's' of attribute 'size' is the value of 2 product(s)",
      })
    spec.given([created]).when(remove('x')).then([])
  })

  it('reorders, refusing unknown and repeated codes', () => {
    const reorder = (codes: string[]): AttributeCommand => ({
      type: 'AttributeOptionReorder',
      data: { attributeId: A, codes },
    })
    spec
      .given([created])
      .when(reorder(['m']))
      .then([{ type: 'AttributeOptionsReordered', data: { attributeId: A, codes: ['m', 's'] } }])
    spec
      .given([created])
      .when(reorder(['s']))
      .then([])
    spec
      .given([created])
      .when(reorder(['m', 'x']))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'codes', 1] })
    spec
      .given([created])
      .when(reorder(['m', 'm']))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'codes', 1], message: 'listed twice' })
  })

  it('folds every option event into the list', () => {
    const state = fold(attributeDecider, [
      created,
      { type: 'AttributeOptionAdded', data: { attributeId: A, option: { code: 'xs', label: 'XS' }, position: 0 } },
      { type: 'AttributeOptionRelabeled', data: { attributeId: A, code: 'm', label: 'Medium' } },
      { type: 'AttributeOptionRemoved', data: { attributeId: A, code: 's' } },
      { type: 'AttributeOptionsReordered', data: { attributeId: A, codes: ['m', 'xs'] } },
    ])
    expect(state).toMatchObject({
      kind: 'existing',
      revision: 4,
      attribute: {
        options: [
          { code: 'm', label: 'Medium' },
          { code: 'xs', label: 'XS' },
        ],
      },
    })
  })
})

describe('attributeRevert', () => {
  const history: AttributeEvent[] = [
    created,
    { type: 'AttributeRenamed', data: { attributeId: A, name: 'Fit' } },
    { type: 'AttributeOptionRemoved', data: { attributeId: A, code: 'm' } },
    { type: 'AttributeOptionAdded', data: { attributeId: A, option: { code: 'l', label: 'L' }, position: 1 } },
  ]
  const revert = (toRevision: number, target: AttributeFields | null, usage = unused): AttributeCommand => ({
    type: 'AttributeRevert',
    data: { attributeId: A, toRevision, target },
    usage,
  })

  it('appends the marker and the changes back to the target state', () => {
    spec
      .given(history)
      .when(revert(0, fields))
      .then([
        { type: 'AttributeReverted', data: { attributeId: A, toRevision: 0 } },
        { type: 'AttributeRenamed', data: { attributeId: A, name: 'Size' } },
        { type: 'AttributeOptionRemoved', data: { attributeId: A, code: 'l' } },
        { type: 'AttributeOptionAdded', data: { attributeId: A, option: { code: 'm', label: 'M' }, position: 1 } },
      ])
  })

  it('records nothing when the attribute already is as at that revision', () => {
    spec.given([created]).when(revert(0, fields)).then([])
  })

  it('refuses a revision the stream does not have, and removing an option products hold', () => {
    spec
      .given(history)
      .when(revert(9, null))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'toRevision'], message: 'revisions 0 to 3' })
    spec
      .given(history)
      .when(revert(0, fields, { values: 1, byOption: { l: 1 } }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'toRevision'] })
    spec.given([]).when(revert(0, fields)).thenFails({ code: 'NOT_FOUND' })
  })

  it('folds the target from the stream up to the revision in prepare', async () => {
    const past = history.map((e, revision) => ({
      ...e,
      data: e.data as Record<string, unknown>,
      revision,
      occurredAt: '2026-01-01T00:00:00Z',
    }))
    const env: PrepareEnv = {
      ctx,
      newId: () => 'unused',
      reservationOwner: async () => null,
      readStream: async () => past,
      catalogUsage: { attributeUsage: async () => unused, productsInAttributeSet: async () => 0 },
    }
    const prepared = await attributeRevert.prepare({ id: A, toRevision: 1 }, env)
    expect(prepared.command).toMatchObject({
      type: 'AttributeRevert',
      data: { toRevision: 1, target: { name: 'Fit', options: fields.options } },
    })
    expect((await attributeRevert.prepare({ id: A, toRevision: 7 }, env)).command).toMatchObject({
      data: { target: null },
    })
  })
})
