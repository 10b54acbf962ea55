import { z } from 'zod'
import { named } from '../../shared/input-names.js'
import { attributeCode } from '../../catalog/attribute/commands.js'
import { PRODUCT_STATUSES } from '../../catalog/product/events.js'
import { DECIMAL_PATTERN } from '../../catalog/product/money.js'
import { isUuid } from '../../shared/ids.js'

// Smart collection rules: conditions over product facts that the collections projection compiles
// to SQL, so membership follows every product change without a reindex step.

export const RULE_FIELDS = [
  'TAG',
  'TITLE',
  'VENDOR',
  'PRICE',
  'INVENTORY',
  'ATTRIBUTE',
  'CATEGORY',
  'PRODUCT_STATUS',
] as const
export type RuleField = (typeof RULE_FIELDS)[number]

export const RULE_RELATIONS = [
  'EQUALS',
  'NOT_EQUALS',
  'CONTAINS',
  'NOT_CONTAINS',
  'STARTS_WITH',
  'ENDS_WITH',
  'GREATER_THAN',
  'LESS_THAN',
] as const
export type RuleRelation = (typeof RULE_RELATIONS)[number]

/** One condition; `attributeCode` names the attribute of an ATTRIBUTE rule and is null otherwise. */
export type CollectionRule = { field: RuleField; relation: RuleRelation; value: string; attributeCode: string | null }

const TEXT: readonly RuleRelation[] = ['EQUALS', 'NOT_EQUALS', 'CONTAINS', 'NOT_CONTAINS', 'STARTS_WITH', 'ENDS_WITH']
const NUMBER: readonly RuleRelation[] = ['EQUALS', 'NOT_EQUALS', 'GREATER_THAN', 'LESS_THAN']
const IDENTITY: readonly RuleRelation[] = ['EQUALS', 'NOT_EQUALS']

/** Which relations each field takes. */
export const RELATIONS_BY_FIELD: Readonly<Record<RuleField, readonly RuleRelation[]>> = {
  TAG: TEXT,
  TITLE: TEXT,
  VENDOR: TEXT,
  PRICE: NUMBER,
  INVENTORY: NUMBER,
  ATTRIBUTE: [...TEXT, 'GREATER_THAN', 'LESS_THAN'],
  CATEGORY: IDENTITY,
  PRODUCT_STATUS: IDENTITY,
}

export const COLLECTION_RULES_MAX = 60
const RULE_VALUE_MAX_LENGTH = 255
const INTEGER_PATTERN = /^-?\d{1,9}$/
const NUMBER_PATTERN = /^-?\d{1,12}(?:\.\d+)?$/

/** What the value of a rule must look like, or null when it is fine. */
function valueProblem(rule: { field: RuleField; relation: RuleRelation; value: string }): string | null {
  const { field, relation, value } = rule
  switch (field) {
    case 'PRICE':
      return DECIMAL_PATTERN.test(value)
        ? null
        : `a PRICE rule's value is an amount in the store currency like "50" or "49.99"; got '${value}'`
    case 'INVENTORY':
      return INTEGER_PATTERN.test(value)
        ? null
        : `an INVENTORY rule's value is a whole number of items like "0" or "10"; got '${value}'`
    case 'CATEGORY':
      return isUuid(value) ? null : `a CATEGORY rule's value is a category id (a UUID); got '${value}'`
    case 'PRODUCT_STATUS':
      return (PRODUCT_STATUSES as readonly string[]).includes(value)
        ? null
        : `a PRODUCT_STATUS rule's value is one of ${PRODUCT_STATUSES.join(', ')}; got '${value}'`
    case 'ATTRIBUTE':
      return (relation === 'GREATER_THAN' || relation === 'LESS_THAN') && !NUMBER_PATTERN.test(value)
        ? `${relation} compares numbers: give a number like "10" or "2.5"; got '${value}'`
        : null
    default:
      return null
  }
}

const ruleInput = z
  .strictObject(
    {
      field: named(
        z
          .enum(RULE_FIELDS, { error: `field must be one of ${RULE_FIELDS.join(', ')}` })
          .describe('The product fact the rule looks at.'),
        'CollectionRuleField',
      ),
      relation: named(
        z
          .enum(RULE_RELATIONS, { error: `relation must be one of ${RULE_RELATIONS.join(', ')}` })
          .describe('How the fact is compared with value.'),
        'CollectionRuleRelation',
      ),
      value: z
        .string({ error: 'value must be a string' })
        .trim()
        .min(1, 'value must not be empty')
        .max(RULE_VALUE_MAX_LENGTH, `value must be at most ${RULE_VALUE_MAX_LENGTH} characters`)
        .describe(
          'Text compares ignoring case; PRICE is an amount ("49.99"), INVENTORY a whole number, CATEGORY a category id, PRODUCT_STATUS DRAFT/ACTIVE/ARCHIVED.',
        ),
      attributeCode: attributeCode.nullish().describe('The attribute code, for ATTRIBUTE rules only.'),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `a rule takes field, relation, value and attributeCode, not ${issue.keys.join(', ')}`
          : 'each rule must be an object {field, relation, value}',
    },
  )
  .superRefine((rule, check) => {
    const allowed = RELATIONS_BY_FIELD[rule.field]
    if (!allowed.includes(rule.relation))
      check.addIssue({
        code: 'custom',
        path: ['relation'],
        message: `${rule.field} rules take ${allowed.join(', ')}; got ${rule.relation}`,
      })
    if (rule.field === 'ATTRIBUTE' && !rule.attributeCode)
      check.addIssue({
        code: 'custom',
        path: ['attributeCode'],
        message: 'an ATTRIBUTE rule needs attributeCode, the code of the attribute to compare',
      })
    if (rule.field !== 'ATTRIBUTE' && rule.attributeCode)
      check.addIssue({
        code: 'custom',
        path: ['attributeCode'],
        message: `attributeCode belongs to ATTRIBUTE rules only; leave it out for ${rule.field}`,
      })
    const problem = valueProblem(rule)
    if (problem) check.addIssue({ code: 'custom', path: ['value'], message: problem })
  })
  .transform((rule): CollectionRule => ({
    ...rule,
    value: rule.field === 'CATEGORY' ? rule.value.toLowerCase() : rule.value,
    attributeCode: rule.attributeCode ?? null,
  }))

export const rulesInput = z
  .array(ruleInput, { error: 'rules must be a list of {field, relation, value} rules' })
  .max(COLLECTION_RULES_MAX, `a collection takes at most ${COLLECTION_RULES_MAX} rules`)
  .describe(
    'Conditions of a SMART collection, e.g. [{field: TAG, relation: EQUALS, value: "summer"}, {field: PRICE, relation: LESS_THAN, value: "50"}].',
  )

/** Whether two rule lists say the same, in the same order. */
export function sameRules(a: readonly CollectionRule[], b: readonly CollectionRule[]): boolean {
  const same = (x: CollectionRule, y: CollectionRule | undefined) =>
    y !== undefined &&
    x.field === y.field &&
    x.relation === y.relation &&
    x.value === y.value &&
    x.attributeCode === y.attributeCode
  return a.length === b.length && a.every((rule, i) => same(rule, b[i]))
}
