import { describe, expect, it } from 'vitest'
import { collectionCreate } from './definitions.js'

// The smart-collection rules as collectionCreate's input checks them: each field's relations and
// values, and messages that name the rule at fault.

const P1 = '01900000-0000-7000-8000-0000000000f1'

describe('rule validation', () => {
  const issue = (rule: Record<string, unknown>) =>
    collectionCreate.input.safeParse({ title: 'x', rules: [rule] }).error?.issues[0]
  const contains = (text: string) => expect.stringContaining(text)
  it.each([
    [{ field: 'COLOUR', relation: 'EQUALS', value: 'x' }, 'field', contains('field must be one of TAG')],
    [{ field: 'TAG', relation: 'GREATER_THAN', value: 'x' }, 'relation', contains('TAG rules take EQUALS')],
    [{ field: 'PRICE', relation: 'LESS_THAN', value: 'cheap' }, 'value', contains('"49.99"')],
    [{ field: 'INVENTORY', relation: 'GREATER_THAN', value: '1.5' }, 'value'],
    [{ field: 'CATEGORY', relation: 'CONTAINS', value: P1 }, 'relation'],
    [{ field: 'CATEGORY', relation: 'EQUALS', value: 'shirts' }, 'value', contains('category id')],
    [{ field: 'PRODUCT_STATUS', relation: 'EQUALS', value: 'LIVE' }, 'value', contains('DRAFT, ACTIVE, ARCHIVED')],
    [{ field: 'ATTRIBUTE', relation: 'EQUALS', value: 'cotton' }, 'attributeCode'],
    [{ field: 'ATTRIBUTE', relation: 'GREATER_THAN', value: 'big', attributeCode: 'size' }, 'value'],
    [{ field: 'TAG', relation: 'EQUALS', value: 'x', attributeCode: 'size' }, 'attributeCode'],
    [{ field: 'TAG', relation: 'EQUALS', value: '  ' }, 'value', 'value must not be empty'],
  ] as [Record<string, unknown>, string, unknown?][])(
    'names the rule field at fault and says what to send: %j',
    (rule, at, message) => {
      expect(issue(rule)).toMatchObject({ path: ['rules', 0, at], ...(message === undefined ? {} : { message }) })
    },
  )

  it('names a key that does not belong to the rule', () => {
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
