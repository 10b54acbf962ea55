import { GraphQLScalarType, Kind } from 'graphql'
import { fromMinorUnits } from '../../../domain/catalog/product/money.js'

/** SDL of the money shapes of API-CONVENTIONS.md ("Scalars and shapes"). */
export const moneyTypeDefs = /* GraphQL */ `
  "A decimal number written as a string, e.g. \\"19.99\\", so no digit is lost to floating point."
  scalar Decimal
  "An ISO 4217 currency code, e.g. USD."
  scalar CurrencyCode

  "An amount of money in a currency."
  type Money {
    "The amount as a decimal string with the currency's decimals, e.g. \\"19.99\\" (\\"500\\" for JPY)."
    amount: Decimal!
    currencyCode: CurrencyCode!
  }
`

/**
 * Decimals travel as strings. Numbers are accepted on input and turned into their shortest
 * text; commands then check the digits against the currency, with the field at fault.
 */
const decimalScalar = new GraphQLScalarType({
  name: 'Decimal',
  serialize: (value) => String(value),
  parseValue(value) {
    if (typeof value === 'string') return value
    if (typeof value === 'number' && Number.isFinite(value)) return String(value)
    throw new TypeError('a Decimal is a string of digits with an optional dot, e.g. "19.99"')
  },
  parseLiteral(node) {
    if (node.kind === Kind.STRING || node.kind === Kind.INT || node.kind === Kind.FLOAT) return node.value
    throw new TypeError('a Decimal is a string of digits with an optional dot, e.g. "19.99"')
  },
})

const CURRENCY = /^[A-Z]{3}$/

const currencyScalar = new GraphQLScalarType({
  name: 'CurrencyCode',
  serialize: (value) => String(value),
  parseValue(value) {
    if (typeof value === 'string' && CURRENCY.test(value)) return value
    throw new TypeError('a CurrencyCode is three capital letters (ISO 4217), e.g. "USD"')
  },
  parseLiteral(node) {
    if (node.kind === Kind.STRING && CURRENCY.test(node.value)) return node.value
    throw new TypeError('a CurrencyCode is three capital letters (ISO 4217), e.g. "USD"')
  },
})

export const moneyResolvers = { Decimal: decimalScalar, CurrencyCode: currencyScalar }

/** Minor units as the `Money` GraphQL shape: 1999 USD → { amount: "19.99", currencyCode: "USD" }. */
export function money(value: { minor: number; currencyCode: string }): { amount: string; currencyCode: string } {
  return { amount: fromMinorUnits(value.minor, value.currencyCode), currencyCode: value.currencyCode }
}
