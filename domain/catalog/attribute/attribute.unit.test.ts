import { describe, expect, it } from 'vitest'
import { A, created, ctx, fields, inUse, spec, STORE, unused } from '../../../test/support/attribute-decider.js'
import { attributeCreateInput, attributeUpdateInput, type AttributeCommand } from './commands.js'
import { attributeCreate, codeReservations } from './definitions.js'
import { NO_VALIDATION, type AttributeEvent } from './events.js'
import { prepareEnv } from '../../../test/support/decide-context.js'

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
    const env = prepareEnv({ newId: () => A })
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
