import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { PastEvent, PrepareEnv } from '../../shared/command.js'
import { NO_VALIDATION, type AttributeFields } from '../attribute/events.js'
import { attributeCodeKey } from '../attribute/streams.js'
import type { SetFacts } from '../attribute/values.js'
import { productAttributesSetInput, type AttributeFacts, type ProductAttributeCommand } from './attribute-commands.js'
import { attributeEventsOnCreate } from './attributes.js'
import { productAttributeSetChange, productAttributesDecider, productAttributesSet } from './attributes-definitions.js'
import type { ProductCreated, ProductEvent } from './events.js'
import { ctx } from '../../../test/support/decide-context.js'

const P = '01900000-0000-7000-8000-000000000001'
const SET = '01900000-0000-7000-8000-0000000000b1'
const OTHER_SET = '01900000-0000-7000-8000-0000000000b2'
const spec = deciderSpec(productAttributesDecider, ctx)

const attr = (
  attributeId: string,
  code: string,
  type: AttributeFields['type'],
  extra: Partial<AttributeFields> = {},
): AttributeFields => ({
  attributeId,
  code,
  name: code,
  type,
  options: [],
  required: false,
  filterable: false,
  visible: true,
  validation: { ...NO_VALIDATION },
  ...extra,
})
const material = attr('a-material', 'material', 'SELECT', {
  options: [
    { code: 'cotton', label: 'Cotton' },
    { code: 'wool', label: 'Wool' },
  ],
  required: true,
})
const width = attr('a-width', 'width', 'NUMBER', { validation: { ...NO_VALIDATION, min: 0 } })
const note = attr('a-note', 'note', 'TEXT')
const clothing: SetFacts = { attributeSetId: SET, name: 'Clothing', attributeIds: ['a-material', 'a-width'] }
const plain: SetFacts = { attributeSetId: OTHER_SET, name: 'Plain', attributeIds: ['a-note'] }
const facts = (set: SetFacts | null, ...attributes: AttributeFields[]): AttributeFacts => ({ set, attributes })

const created: ProductCreated = {
  type: 'ProductCreated',
  data: { productId: P, title: 'Shirt', handle: 'shirt', description: '', status: 'ACTIVE', vendor: '', tags: [] },
}
const inClothing: ProductEvent = {
  type: 'ProductAttributeSetChanged',
  data: { productId: P, from: null, to: SET, dropped: [] },
}
const cotton: ProductEvent = {
  type: 'ProductAttributeValuesSet',
  data: { productId: P, values: [{ attributeId: 'a-material', code: 'material', type: 'SELECT', value: 'cotton' }] },
}
const setValues = (values: { attributeId: string; value: unknown }[], f: AttributeFacts): ProductAttributeCommand => ({
  type: 'ProductAttributesSet',
  data: { productId: P, values },
  facts: f,
})

/** The spec from a cotton product in the clothing set. */
const givenClothing = spec.given([created, inClothing, cotton])

describe('productAttributesSet', () => {
  const setWidthAndMaterial = (w: number, m: string) =>
    setValues(
      [
        { attributeId: 'a-width', value: w },
        { attributeId: 'a-material', value: m },
      ],
      facts(clothing, material, width),
    )

  it('records the values that change, each with its attribute code and type', () => {
    givenClothing.when(setWidthAndMaterial(12, 'cotton')).then([
      {
        type: 'ProductAttributeValuesSet',
        data: { productId: P, values: [{ attributeId: 'a-width', code: 'width', type: 'NUMBER', value: 12 }] },
      },
    ])
  })

  it('refuses a select value outside its options with the path of the value', () => {
    givenClothing.when(setWidthAndMaterial(1, 'silk')).thenFails({
      code: 'BAD_USER_INPUT',
      field: ['input', 'values', 1, 'value'],
      message: "material: 'silk' is not an option of this attribute; choose one of cotton, wool",
    })
  })

  it('refuses a write that leaves a required attribute of the set empty, attributes outside the set, and repeats', () => {
    spec
      .given([created, inClothing])
      .when(setValues([{ attributeId: 'a-width', value: 3 }], facts(clothing, material, width)))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'values'],
        message: "the attribute set 'Clothing' requires values for 'material'",
      })
    givenClothing
      .when(setValues([{ attributeId: 'a-note', value: 'x' }], facts(clothing, material, width, note)))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'values', 0, 'code'],
      })
    spec
      .given([created])
      .when(
        setValues(
          [
            { attributeId: 'a-note', value: 'x' },
            { attributeId: 'a-note', value: 'y' },
          ],
          facts(null, note),
        ),
      )
      .thenFails({ code: 'BAD_USER_INPUT', message: 'listed twice' })
  })

  it('takes any attribute on a product without a set, and is a CONFLICT when the set moved since prepare', () => {
    spec
      .given([created])
      .when(setValues([{ attributeId: 'a-note', value: 'hi' }], facts(null, note)))
      .then([
        {
          type: 'ProductAttributeValuesSet',
          data: { productId: P, values: [{ attributeId: 'a-note', code: 'note', type: 'TEXT', value: 'hi' }] },
        },
      ])
    givenClothing
      .when(setValues([{ attributeId: 'a-note', value: 'hi' }], facts(null, note)))
      .thenFails({ code: 'CONFLICT' })
  })

  it('answers NOT_FOUND for a missing product', () => {
    spec
      .given([])
      .when(setValues([], facts(null)))
      .thenFails({ code: 'NOT_FOUND', message: `product '${P}' does not exist in this store` })
  })
})

describe('productAttributesRemove', () => {
  const remove = (codes: [string, string][], f: AttributeFacts): ProductAttributeCommand => ({
    type: 'ProductAttributesRemove',
    data: { productId: P, attributes: codes.map(([attributeId, code]) => ({ attributeId, code })) },
    facts: f,
  })
  const withWidth: ProductEvent = {
    type: 'ProductAttributeValuesSet',
    data: { productId: P, values: [{ attributeId: 'a-width', code: 'width', type: 'NUMBER', value: 2 }] },
  }

  it('removes values held and ignores others', () => {
    spec
      .given([created, inClothing, cotton, withWidth])
      .when(
        remove(
          [
            ['a-width', 'width'],
            ['a-note', 'note'],
          ],
          facts(clothing, material, width),
        ),
      )
      .then([
        {
          type: 'ProductAttributeValuesRemoved',
          data: { productId: P, values: [{ attributeId: 'a-width', code: 'width' }] },
        },
      ])
  })

  it('refuses removing a value the set requires', () => {
    givenClothing.when(remove([['a-material', 'material']], facts(clothing, material, width))).thenFails({
      code: 'BAD_USER_INPUT',
      field: ['input', 'codes', 0],
      message: "attribute 'material' is required by the attribute set 'Clothing'",
    })
  })
})

describe('productAttributeSetChange', () => {
  const change = (
    attributeSetId: string | null,
    f: AttributeFacts,
    dropValues = false,
    values: { attributeId: string; value: unknown }[] = [],
  ): ProductAttributeCommand => ({
    type: 'ProductAttributeSetChange',
    data: { productId: P, attributeSetId, dropValues, values },
    facts: f,
  })

  it('without dropValues refuses a move that would drop values, naming them', () => {
    givenClothing.when(change(OTHER_SET, facts(plain, note))).thenFails({
      code: 'BAD_USER_INPUT',
      field: ['input', 'dropValues'],
      message:
        "moving the product to attribute set 'Plain' would drop its values of 'material'; pass dropValues: true to confirm",
    })
  })

  it('with dropValues moves and drops; values given in the same call fill the new set', () => {
    givenClothing
      .when(change(OTHER_SET, facts(plain, note), true, [{ attributeId: 'a-note', value: 'hand wash' }]))
      .then([
        {
          type: 'ProductAttributeSetChanged',
          data: { productId: P, from: SET, to: OTHER_SET, dropped: [{ attributeId: 'a-material', code: 'material' }] },
        },
        {
          type: 'ProductAttributeValuesSet',
          data: { productId: P, values: [{ attributeId: 'a-note', code: 'note', type: 'TEXT', value: 'hand wash' }] },
        },
      ])
  })

  it("requires the new set's required attributes, leaves values when leaving every set, and records nothing for the same set", () => {
    spec
      .given([created])
      .when(change(SET, facts(clothing, material, width)))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'values'], message: "requires values for 'material'" })
    givenClothing
      .when(change(null, facts(null)))
      .then([{ type: 'ProductAttributeSetChanged', data: { productId: P, from: SET, to: null, dropped: [] } }])
    givenClothing.when(change(SET, facts(clothing, material, width))).then([])
  })
})

describe('on productCreate', () => {
  it('joins the set and sets the values, errors pointing into input.attributes', () => {
    expect(
      attributeEventsOnCreate(P, {
        attributeSetId: SET,
        values: [{ attributeId: 'a-material', value: 'wool' }],
        facts: facts(clothing, material, width),
      }),
    ).toEqual([
      { type: 'ProductAttributeSetChanged', data: { productId: P, from: null, to: SET, dropped: [] } },
      {
        type: 'ProductAttributeValuesSet',
        data: {
          productId: P,
          values: [{ attributeId: 'a-material', code: 'material', type: 'SELECT', value: 'wool' }],
        },
      },
    ])
    expect(() =>
      attributeEventsOnCreate(P, {
        attributeSetId: SET,
        values: [{ attributeId: 'a-material', value: 'silk' }],
        facts: facts(clothing, material, width),
      }),
    ).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT', field: ['input', 'attributes', 0, 'value'] }))
    expect(() =>
      attributeEventsOnCreate(P, { attributeSetId: SET, values: [], facts: facts(clothing, material, width) }),
    ).toThrow(expect.objectContaining({ field: ['input', 'attributes'] }))
    expect(attributeEventsOnCreate(P, undefined)).toEqual([])
  })
})

describe('prepare', () => {
  const past = (events: ProductEvent[]): PastEvent[] =>
    events.map((e, revision) => ({
      type: e.type,
      data: e.data as Record<string, unknown>,
      revision,
      occurredAt: '2026-01-01T00:00:00Z',
    }))
  const attributeStream = (a: AttributeFields) =>
    past([{ type: 'AttributeCreated', data: a } as unknown as ProductEvent])
  const env: PrepareEnv = {
    ctx,
    newId: () => 'unused',
    reservationOwner: async (_scope, key) =>
      ({ [attributeCodeKey('material')]: 'a-material', [attributeCodeKey('width')]: 'a-width' })[key] ?? null,
    async readStream(stream) {
      if (stream.startsWith('product-')) return past([created, inClothing, cotton])
      if (stream.startsWith('attributeset-'))
        return past([
          {
            type: 'AttributeSetCreated',
            data: {
              attributeSetId: SET,
              name: 'Clothing',
              sections: [{ name: 'General', attributeIds: ['a-material', 'a-width'] }],
            },
          } as unknown as ProductEvent,
        ])
      if (stream.endsWith('_a-material')) return attributeStream(material)
      if (stream.endsWith('_a-width')) return attributeStream(width)
      return []
    },
  }

  it("gathers the product's set and the definitions of every attribute involved", async () => {
    const prepared = await productAttributesSet.prepare(
      productAttributesSetInput.parse({ productId: P, values: [{ code: 'width', value: 3 }] }),
      env,
    )
    expect(prepared.command).toEqual({
      type: 'ProductAttributesSet',
      data: { productId: P, values: [{ attributeId: 'a-width', value: 3 }] },
      facts: { set: clothing, attributes: [width, material] },
    })
  })

  it('names an unknown code at its place, and a missing set as NOT_FOUND', async () => {
    await expect(
      productAttributesSet.prepare(
        {
          productId: P,
          values: [
            { code: 'width', value: 1 },
            { code: 'nope', value: 1 },
          ],
        },
        env,
      ),
    ).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'values', 1, 'code'],
      message: "there is no attribute 'nope' in this store; create it with attributeCreate or check the code",
    })
    await expect(
      productAttributeSetChange.prepare(
        { productId: P, attributeSetId: OTHER_SET },
        { ...env, readStream: async () => [] },
      ),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'attributeSetId'],
    })
  })
})
