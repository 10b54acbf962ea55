import { describe, expect, it } from 'vitest'
import { collectionCreate } from './definitions.js'

// The smart-collection rules as collectionCreate's input checks them: each field's relations and
// values, and messages that name the rule at fault.

const P1 = '01900000-0000-7000-8000-0000000000f1'

describe('rule validation', () => {
  const issue = (rule: Record<string, unknown>) =>
    collectionCreate.input.safeParse({ title: 'x', rules: [rule] }).error?.issues[0]
  it('names the rule field at fault and says what to send', () => {
    expect(issue({ field: 'COLOUR', relation: 'EQUALS', value: 'x' })).toMatchObject({
      path: ['rules', 0, 'field'],
      message: expect.stringContaining('field must be one of TAG'),
    })
    expect(issue({ field: 'TAG', relation: 'GREATER_THAN', value: 'x' })).toMatchObject({
      path: ['rules', 0, 'relation'],
      message: expect.stringContaining('TAG rules take EQUALS'),
    })
    expect(issue({ field: 'PRICE', relation: 'LESS_THAN', value: 'cheap' })).toMatchObject({
      path: ['rules', 0, 'value'],
      message: expect.stringContaining('"49.99"'),
    })
    expect(issue({ field: 'INVENTORY', relation: 'GREATER_THAN', value: '1.5' })).toMatchObject({
      path: ['rules', 0, 'value'],
    })
    expect(issue({ field: 'CATEGORY', relation: 'CONTAINS', value: P1 })).toMatchObject({
      path: ['rules', 0, 'relation'],
    })
    expect(issue({ field: 'CATEGORY', relation: 'EQUALS', value: 'shirts' })).toMatchObject({
      path: ['rules', 0, 'value'],
      message: expect.stringContaining('category id'),
    })
    expect(issue({ field: 'PRODUCT_STATUS', relation: 'EQUALS', value: 'LIVE' })).toMatchObject({
      path: ['rules', 0, 'value'],
      message: expect.stringContaining('DRAFT, ACTIVE, ARCHIVED'),
    })
    expect(issue({ field: 'ATTRIBUTE', relation: 'EQUALS', value: 'cotton' })).toMatchObject({
      path: ['rules', 0, 'attributeCode'],
    })
    expect(issue({ field: 'ATTRIBUTE', relation: 'GREATER_THAN', value: 'big', attributeCode: 'size' })).toMatchObject({
      path: ['rules', 0, 'value'],
    })
    expect(issue({ field: 'TAG', relation: 'EQUALS', value: 'x', attributeCode: 'size' })).toMatchObject({
      path: ['rules', 0, 'attributeCode'],
    })
    expect(issue({ field: 'TAG', relation: 'EQUALS', value: '  ' })).toMatchObject({
      path: ['rules', 0, 'value'],
      message: 'value must not be empty',
    })
    expect(issue({ field: 'TAG', relation: 'EQUALS', value: 'x', weight: 1 })?.message).toMatch(/not weight/)
  })

  it('accepts every field with a relation of its kind', () => {
    const rules = [
      { field: 'TAG', relation: 'STARTS_WITH', value: 'sum' },
      { field: 'TITLE', relation: 'NOT_CONTAINS', value: 'gift' },
      { field: 'VENDOR', relation: 'ENDS_WITH', value: 'co' },
      { field: 'PRICE', relation: 'GREATER_THAN', value: '9.99' },
      { field: 'INVENTORY', relation: 'LESS_THAN', value: '-1' },
      { field: 'ATTRIBUTE', relation: 'LESS_THAN', value: '2.5', attributeCode: 'weight' },
      { field: 'CATEGORY', relation: 'NOT_EQUALS', value: P1.toUpperCase() },
      { field: 'PRODUCT_STATUS', relation: 'EQUALS', value: 'ACTIVE' },
    ]
    const parsed = collectionCreate.input.parse({ title: 'x', rules })
    expect(parsed.rules?.map((rule) => rule.attributeCode)).toEqual([
      null,
      null,
      null,
      null,
      null,
      'weight',
      null,
      null,
    ])
    expect(parsed.rules?.[6]?.value).toBe(P1)
  })
})
