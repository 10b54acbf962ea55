import { describe, expect, it } from 'vitest'
import { DomainError } from '../../shared/errors.js'
import {
  ATTRIBUTE_TYPES,
  NO_VALIDATION,
  type AttributeFields,
  type AttributeType,
  type AttributeValidation,
} from './events.js'
import { displayValue, requireComplete, requireInSet, validateValue } from './values.js'

const FIELD = ['input', 'values', 0, 'value'] as const
const OPTIONS = [
  { code: 'red', label: 'Red' },
  { code: 'blue', label: 'Blue' },
  { code: 'green', label: 'Green' },
]
const MEDIA = '01900000-0000-7000-8000-0000000000ee'

function attribute(
  type: AttributeType,
  validation: Partial<AttributeValidation> = {},
  overrides: Partial<AttributeFields> = {},
): AttributeFields {
  const options = type === 'SELECT' || type === 'MULTISELECT' ? OPTIONS : []
  return {
    attributeId: `id-${type}`,
    code: type.toLowerCase(),
    name: type,
    type,
    options,
    required: false,
    filterable: false,
    visible: true,
    validation: { ...NO_VALIDATION, ...validation },
    ...overrides,
  }
}

function refusal(run: () => unknown): { field: unknown; message: string } {
  try {
    run()
  } catch (error) {
    if (error instanceof DomainError && error.code === 'BAD_USER_INPUT')
      return { field: error.field, message: error.message }
    throw error
  }
  throw new Error('expected BAD_USER_INPUT')
}

// Every type: what it accepts (and how it stores it) and what it refuses, with the rule in the message.
const CASES: {
  type: AttributeType
  validation?: Partial<AttributeValidation>
  accepts: [unknown, unknown][]
  refuses: [unknown, string][]
}[] = [
  {
    type: 'TEXT',
    validation: { minLength: 2, maxLength: 5, pattern: '[A-Z]+' },
    accepts: [['ABC', 'ABC']],
    refuses: [
      [42, 'must be a string'],
      ['', 'must not be empty'],
      ['A', 'at least 2'],
      ['ABCDEF', 'at most 5'],
      ['abc', 'match the pattern'],
      ['ABC1', 'match the pattern'],
    ],
  },
  {
    type: 'RICH_TEXT',
    validation: { maxLength: 20 },
    accepts: [['<p>Hi</p>', '<p>Hi</p>']],
    refuses: [
      [['x'], 'must be a string'],
      ['<p>' + 'x'.repeat(20) + '</p>', 'at most 20'],
    ],
  },
  {
    type: 'NUMBER',
    validation: { min: 0, max: 100, decimals: 1, unit: 'cm' },
    accepts: [
      [0, 0],
      [12.5, 12.5],
      [100, 100],
    ],
    refuses: [
      ['12', 'must be a number'],
      [-1, 'at least 0 cm'],
      [101, 'at most 100 cm'],
      [1.25, 'at most 1 decimals'],
      [Number.NaN, 'must be a number'],
    ],
  },
  {
    type: 'BOOLEAN',
    accepts: [
      [true, true],
      [false, false],
    ],
    refuses: [
      ['yes', 'true or false'],
      [1, 'true or false'],
    ],
  },
  {
    type: 'DATE',
    validation: { minDate: '2026-01-01', maxDate: '2026-12-31' },
    accepts: [['2026-02-28', '2026-02-28']],
    refuses: [
      ['2026-02-30', 'YYYY-MM-DD'],
      ['21.11.2026', 'YYYY-MM-DD'],
      ['2025-12-31', '2026-01-01 or later'],
      ['2027-01-01', '2026-12-31 or earlier'],
    ],
  },
  {
    type: 'SELECT',
    accepts: [['red', 'red']],
    refuses: [
      ['purple', "'purple' is not an option of this attribute; choose one of red, blue, green"],
      [['red'], 'one option code'],
    ],
  },
  {
    type: 'MULTISELECT',
    validation: { minSelections: 1, maxSelections: 2 },
    accepts: [
      [
        ['red', 'blue', 'red'],
        ['red', 'blue'],
      ],
    ],
    refuses: [
      ['red', 'list of option codes'],
      [['red', 'pink'], "'pink' is not an option"],
      [[], 'at least one option'],
      [['red', 'blue', 'green'], 'at most 2 options'],
    ],
  },
  {
    type: 'COLOR',
    accepts: [['#FF0000', '#ff0000']],
    refuses: [
      ['red', '#rrggbb'],
      ['#fff', '#rrggbb'],
    ],
  },
  {
    type: 'MEDIA',
    accepts: [[MEDIA.toUpperCase(), MEDIA]],
    refuses: [
      ['not-a-uuid', 'media id'],
      [7, 'media id'],
    ],
  },
]

describe('validateValue', () => {
  it('has a case for every type', () => {
    expect(CASES.map((c) => c.type).sort()).toEqual([...ATTRIBUTE_TYPES].sort())
  })

  for (const { type, validation, accepts, refuses } of CASES) {
    describe(type, () => {
      const definition = attribute(type, validation)
      it.each(accepts)('accepts %j, storing it as %j', (value, stored) => {
        expect(validateValue(definition, value, FIELD)).toEqual(stored)
      })
      it.each(refuses)('refuses %j at the value with a message saying what to give (%s)', (value, why) => {
        const refused = refusal(() => validateValue(definition, value, FIELD))
        expect(refused.field).toEqual(FIELD)
        expect(refused.message).toContain(why)
        expect(refused.message.startsWith(`${definition.code}: `)).toBe(true)
      })
      it('refuses null, pointing at productAttributesRemove', () => {
        expect(refusal(() => validateValue(definition, null, FIELD)).message).toContain('productAttributesRemove')
      })
    })
  }
})

describe('set rules', () => {
  const size = attribute('SELECT', {}, { attributeId: 'size', code: 'size', required: true })
  const care = attribute('TEXT', {}, { attributeId: 'care', code: 'care', required: true })
  const note = attribute('TEXT', {}, { attributeId: 'note', code: 'note' })
  const set = { attributeSetId: 'set', name: 'Clothing', attributeIds: ['size', 'care', 'note'] }
  const byId = new Map([size, care, note].map((a) => [a.attributeId, a]))

  it('names every required attribute of the set that is missing', () => {
    expect(refusal(() => requireComplete(set, byId, new Set(['note']), ['input', 'values']))).toEqual({
      field: ['input', 'values'],
      message: "the attribute set 'Clothing' requires values for 'size', 'care'; set them in the same call",
    })
    expect(() => requireComplete(set, byId, new Set(['size', 'care']), ['input', 'values'])).not.toThrow()
    expect(() => requireComplete(null, byId, new Set(), ['input', 'values'])).not.toThrow()
  })

  it("refuses attributes outside the product's set", () => {
    const other = attribute('TEXT', {}, { attributeId: 'other', code: 'other' })
    expect(refusal(() => requireInSet(set, other, ['input', 'values', 0, 'code'])).message).toBe(
      "attribute 'other' is not in the product's attribute set 'Clothing'; add it to the set or change the product's set",
    )
    expect(() => requireInSet(null, other, [])).not.toThrow()
  })
})

describe('displayValue', () => {
  it('reads labels, units and yes/no', () => {
    expect(displayValue(attribute('SELECT'), 'red')).toBe('Red')
    expect(displayValue(attribute('MULTISELECT'), ['red', 'blue'])).toBe('Red, Blue')
    expect(displayValue(attribute('NUMBER', { unit: 'cm' }), 12.5)).toBe('12.5 cm')
    expect(displayValue(attribute('BOOLEAN'), false)).toBe('No')
    expect(displayValue(attribute('TEXT'), 'plain')).toBe('plain')
  })
})
