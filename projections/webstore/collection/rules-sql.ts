import { sql, type RawBuilder, type SqlBool } from 'kysely'
import type { CollectionRule, RuleRelation } from '../../../domain/webstore/collection/rules.js'
import type { TableRef } from './tables.js'

// Rules compiled to one SQL condition over the facts row `f` (collection_product_facts) and the
// facts tables beside it. Text compares ignoring case; NOT_ relations are the negation of their
// positive twin, so "no tag equals sale" for TAG NOT_EQUALS sale.

type Condition = RawBuilder<SqlBool>

const NEGATED: Partial<Record<RuleRelation, RuleRelation>> = { NOT_EQUALS: 'EQUALS', NOT_CONTAINS: 'CONTAINS' }

function likeEscaped(value: string): string {
  return value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** `lower(text)` compared with the value by a positive text relation. */
function textMatch(text: RawBuilder<unknown>, relation: RuleRelation, value: string): Condition {
  switch (relation) {
    case 'CONTAINS':
      return sql<SqlBool>`lower(${text}) like ${`%${likeEscaped(value)}%`}`
    case 'STARTS_WITH':
      return sql<SqlBool>`lower(${text}) like ${`${likeEscaped(value)}%`}`
    case 'ENDS_WITH':
      return sql<SqlBool>`lower(${text}) like ${`%${likeEscaped(value)}`}`
    default:
      return sql<SqlBool>`lower(${text}) = ${value.toLowerCase()}`
  }
}

/** A number compared with the value by a positive numeric relation. */
function numberMatch(number: RawBuilder<unknown>, relation: RuleRelation, value: string): Condition {
  const operator = relation === 'GREATER_THAN' ? sql.raw('>') : relation === 'LESS_THAN' ? sql.raw('<') : sql.raw('=')
  return sql<SqlBool>`${number} ${operator} ${value}::numeric`
}

/** The condition of one positive relation; `compileRule` negates it for the NOT_ relations. */
function positive(rule: CollectionRule, relation: RuleRelation, table: TableRef): Condition {
  const { value } = rule
  switch (rule.field) {
    case 'TITLE':
      return textMatch(sql`f.title`, relation, value)
    case 'VENDOR':
      return textMatch(sql`f.vendor`, relation, value)
    case 'TAG':
      return sql<SqlBool>`exists (select 1 from unnest(f.tags) as t(tag) where ${textMatch(sql`t.tag`, relation, value)})`
    case 'PRICE':
      // A product is priced as its variants are: it matches when any variant does.
      return sql<SqlBool>`exists (select 1 from ${table('collection_variant_facts')} v where v.store_id = f.store_id and v.product_id = f.product_id and ${numberMatch(sql`v.price`, relation, value)})`
    case 'INVENTORY':
      return numberMatch(
        sql`(select coalesce(sum(v.quantity), 0) from ${table('collection_variant_facts')} v where v.store_id = f.store_id and v.product_id = f.product_id and v.tracked)`,
        relation,
        value,
      )
    case 'ATTRIBUTE': {
      const match =
        relation === 'GREATER_THAN' || relation === 'LESS_THAN'
          ? numberMatch(sql`a.number`, relation, value)
          : textMatch(sql`a.value`, relation, value)
      return sql<SqlBool>`exists (select 1 from ${table('collection_attribute_facts')} a where a.store_id = f.store_id and a.product_id = f.product_id and a.code = ${rule.attributeCode} and ${match})`
    }
    case 'CATEGORY':
      return sql<SqlBool>`exists (select 1 from ${table('collection_category_facts')} k where k.store_id = f.store_id and k.product_id = f.product_id and k.category_id = ${value}::uuid)`
    case 'PRODUCT_STATUS':
      return sql<SqlBool>`f.status = ${value}`
    default: {
      const _exhaustive: never = rule.field
      return _exhaustive
    }
  }
}

/** One rule as a condition over `f`. */
export function compileRule(rule: CollectionRule, table: TableRef): Condition {
  const negated = NEGATED[rule.relation]
  return negated ? sql<SqlBool>`not (${positive(rule, negated, table)})` : positive(rule, rule.relation, table)
}

/** The rules joined by AND (ALL) or OR (ANY, `disjunctive`); false without rules, so an empty rule set matches nothing. */
export function compileRules(rules: readonly CollectionRule[], disjunctive: boolean, table: TableRef): Condition {
  if (rules.length === 0) return sql<SqlBool>`false`
  return sql<SqlBool>`(${sql.join(
    rules.map((rule) => sql`(${compileRule(rule, table)})`),
    sql.raw(disjunctive ? ' or ' : ' and '),
  )})`
}
