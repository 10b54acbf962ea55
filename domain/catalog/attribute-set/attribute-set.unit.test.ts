import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { PrepareEnv } from '../../shared/command.js'
import { DomainError } from '../../shared/errors.js'
import { fold } from '../../shared/event.js'
import { attributeCodeKey } from '../attribute/streams.js'
import type { AttributeSetCommand } from './commands.js'
import { attributeSetAttributeAdd, attributeSetCreate, attributeSetDecider } from './definitions.js'
import type { AttributeSetEvent } from './events.js'
import { STORE, ctx, idsEndingIn } from '../../../test/support/decide-context.js'

const S = '01900000-0000-7000-8000-0000000000b1'
const [SIZE, COLOR, CARE] = idsEndingIn('c1', 'c2', 'c3')
const spec = deciderSpec(attributeSetDecider, ctx)
const ref = {
  size: { attributeId: SIZE, code: 'size' },
  color: { attributeId: COLOR, code: 'color' },
  care: { attributeId: CARE, code: 'care' },
}

const created: AttributeSetEvent = {
  type: 'AttributeSetCreated',
  data: { attributeSetId: S, name: 'Clothing', sections: [{ name: 'General', attributeIds: [SIZE, COLOR] }] },
}
const create = (sections: { name: string; attributes: (typeof ref)[keyof typeof ref][] }[]): AttributeSetCommand => ({
  type: 'AttributeSetCreate',
  data: { attributeSetId: S, name: 'Clothing', sections },
})

describe('attributeSetCreate', () => {
  it('records the set with its layout', () => {
    spec
      .given([])
      .when(create([{ name: 'General', attributes: [ref.size, ref.color] }]))
      .then([created])
  })

  it('refuses a repeated section or an attribute in two places', () => {
    spec
      .given([])
      .when(
        create([
          { name: 'A', attributes: [] },
          { name: 'A', attributes: [] },
        ]),
      )
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'sections', 1, 'name'] })
    spec
      .given([])
      .when(
        create([
          { name: 'A', attributes: [ref.size] },
          { name: 'B', attributes: [ref.color, ref.size] },
        ]),
      )
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'sections', 1, 'attributeCodes', 1],
        message: "attribute 'size' is listed twice",
      })
    spec.given([created]).when(create([])).thenFails({ code: 'CONFLICT' })
  })

  it('resolves codes in prepare and names an unknown one at its place', async () => {
    const env: PrepareEnv = {
      ctx,
      newId: () => S,
      reservationOwner: async (_scope, key) => (key === attributeCodeKey('size') ? SIZE : null),
      readStream: async () => [],
    }
    const prepared = await attributeSetCreate.prepare(
      { name: 'Clothing', sections: [{ name: 'General', attributeCodes: ['size'] }] },
      env,
    )
    expect(prepared).toMatchObject({
      stream: `attributeset-${STORE}_${S}`,
      command: { data: { sections: [{ name: 'General', attributes: [ref.size] }] } },
    })
    const error = await Promise.resolve(
      attributeSetCreate.prepare({ name: 'x', sections: [{ name: 'General', attributeCodes: ['size', 'nope'] }] }, env),
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DomainError)
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'sections', 0, 'attributeCodes', 1],
      message: "there is no attribute 'nope' in this store; create it with attributeCreate or check the code",
    })
  })
})

describe('attributeSetUpdate', () => {
  it('renames and replaces the layout, recording only changes', () => {
    spec
      .given([created])
      .when({
        type: 'AttributeSetUpdate',
        data: { attributeSetId: S, name: 'Apparel', sections: [{ name: 'Main', attributes: [ref.color] }] },
      })
      .then([
        { type: 'AttributeSetRenamed', data: { attributeSetId: S, name: 'Apparel' } },
        {
          type: 'AttributeSetLayoutChanged',
          data: { attributeSetId: S, sections: [{ name: 'Main', attributeIds: [COLOR] }] },
        },
      ])
    spec
      .given([created])
      .when({
        type: 'AttributeSetUpdate',
        data: {
          attributeSetId: S,
          name: 'Clothing',
          sections: [{ name: 'General', attributes: [ref.size, ref.color] }],
        },
      })
      .then([])
    spec
      .given([])
      .when({ type: 'AttributeSetUpdate', data: { attributeSetId: S, name: 'x' } })
      .thenFails({ code: 'NOT_FOUND', message: `attribute set '${S}' does not exist in this store` })
  })
})

describe('attributeSetDelete', () => {
  it('deletes a set no product uses and refuses one in use', () => {
    spec
      .given([created])
      .when({ type: 'AttributeSetDelete', data: { attributeSetId: S }, productsInSet: 0 })
      .then([{ type: 'AttributeSetDeleted', data: { attributeSetId: S } }])
    spec
      .given([created])
      .when({ type: 'AttributeSetDelete', data: { attributeSetId: S }, productsInSet: 3 })
      .thenFails({ code: 'BAD_USER_INPUT', message: 'used by 3 product(s)' })
    spec
      .given([])
      .when({ type: 'AttributeSetDelete', data: { attributeSetId: S }, productsInSet: 0 })
      .thenFails({ code: 'NOT_FOUND' })
  })
})

describe('attributes of a set', () => {
  const add = (
    attribute: (typeof ref)[keyof typeof ref],
    section = 'General',
    position: number | null = null,
  ): AttributeSetCommand => ({
    type: 'AttributeSetAttributeAdd',
    data: { attributeSetId: S, attribute, section, position },
  })

  it('adds into a section at a position, creating the section when new; adding a member changes nothing', () => {
    spec
      .given([created])
      .when(add(ref.care, 'General', 0))
      .then([
        {
          type: 'AttributeSetAttributeAdded',
          data: { attributeSetId: S, attributeId: CARE, code: 'care', section: 'General', position: 0 },
        },
      ])
    spec
      .given([created])
      .when(add(ref.care, 'Care'))
      .then([
        {
          type: 'AttributeSetAttributeAdded',
          data: { attributeSetId: S, attributeId: CARE, code: 'care', section: 'Care', position: 0 },
        },
      ])
    spec.given([created]).when(add(ref.size, 'Other')).then([])
  })

  it('removes a member and ignores others', () => {
    spec
      .given([created])
      .when({ type: 'AttributeSetAttributeRemove', data: { attributeSetId: S, attribute: ref.size } })
      .then([{ type: 'AttributeSetAttributeRemoved', data: { attributeSetId: S, attributeId: SIZE, code: 'size' } }])
    spec
      .given([created])
      .when({ type: 'AttributeSetAttributeRemove', data: { attributeSetId: S, attribute: ref.care } })
      .then([])
  })

  it('reorders a section, refusing an unknown section and attributes outside it', () => {
    const reorder = (section: string, attributes: (typeof ref)[keyof typeof ref][]): AttributeSetCommand => ({
      type: 'AttributeSetAttributeReorder',
      data: { attributeSetId: S, section, attributes },
    })
    spec
      .given([created])
      .when(reorder('General', [ref.color]))
      .then([
        {
          type: 'AttributeSetAttributesReordered',
          data: { attributeSetId: S, section: 'General', attributeIds: [COLOR, SIZE] },
        },
      ])
    spec
      .given([created])
      .when(reorder('General', [ref.size]))
      .then([])
    spec
      .given([created])
      .when(reorder('Nope', [ref.size]))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'section'], message: 'its sections are General' })
    spec
      .given([created])
      .when(reorder('General', [ref.care]))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'codes', 0] })
  })

  it('folds adds, removes and reorders into the layout', () => {
    const state = fold(attributeSetDecider, [
      created,
      {
        type: 'AttributeSetAttributeAdded',
        data: { attributeSetId: S, attributeId: CARE, code: 'care', section: 'Care', position: 0 },
      },
      { type: 'AttributeSetAttributeRemoved', data: { attributeSetId: S, attributeId: SIZE, code: 'size' } },
      { type: 'AttributeSetRenamed', data: { attributeSetId: S, name: 'Apparel' } },
    ])
    expect(state).toEqual({
      kind: 'existing',
      set: {
        attributeSetId: S,
        name: 'Apparel',
        sections: [
          { name: 'General', attributeIds: [COLOR] },
          { name: 'Care', attributeIds: [CARE] },
        ],
      },
    })
  })

  it('defaults the section to General in prepare', async () => {
    const env: PrepareEnv = {
      ctx,
      newId: () => 'unused',
      reservationOwner: async () => CARE,
      readStream: async () => [],
    }
    expect((await attributeSetAttributeAdd.prepare({ id: S, code: 'care' }, env)).command).toMatchObject({
      data: { section: 'General', position: null, attribute: ref.care },
    })
  })
})
