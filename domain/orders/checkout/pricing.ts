import { badInput } from '../../shared/errors.js'

/**
 * The money of a checkout, computed on the server from the cart's server-side prices and the
 * store's checkout settings. Everything is an integer in minor units of one currency.
 *
 * - subtotal = Σ quantity × unitPrice
 * - shipping = the amount of the chosen flat rate (by name)
 * - tax exclusive (`taxInclusive: false`): tax = round(( subtotal + shipping ) × rate / 10000),
 *   added on top: total = subtotal + shipping + tax
 * - tax inclusive (`taxInclusive: true`): prices and shipping already contain the tax:
 *   total = subtotal + shipping, tax = round(total × rate / (10000 + rate)) (shown, not added)
 *
 * One rounding rule, once, on the tax of the whole order: half up (0.5 minor units → 1).
 * `rate` is in basis points: 2000 = 20 %.
 */

export interface PricedLine {
  quantity: number
  /** Minor units, from the server's read model, never from the client. */
  unitPrice: number
}

export interface ShippingRateOption {
  name: string
  amount: number
}

export interface CheckoutPricingInput {
  lines: readonly PricedLine[]
  shippingRates: readonly ShippingRateOption[]
  /** The name of the chosen rate. */
  shippingRate: string
  taxRate: number
  taxInclusive: boolean
}

export interface CheckoutTotals {
  subtotal: number
  shipping: { name: string; amount: number }
  tax: { rate: number; inclusive: boolean; amount: number }
  total: number
}

/** `numerator / denominator` rounded half up, for non-negative integers, exactly (no float error). */
export function divideHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || numerator < 0 || denominator <= 0)
    throw new RangeError(
      `divideHalfUp needs a non-negative integer over a positive one, got ${numerator}/${denominator}`,
    )
  const n = BigInt(numerator)
  const d = BigInt(denominator)
  return Number((2n * n + d) / (2n * d))
}

/** The chosen rate, matched by name (case and surrounding space ignored). */
export function findShippingRate(rates: readonly ShippingRateOption[], name: string): ShippingRateOption | null {
  const wanted = name.trim().toLowerCase()
  return rates.find((rate) => rate.name.trim().toLowerCase() === wanted) ?? null
}

/**
 * @example priceCheckout({ lines: [{ quantity: 2, unitPrice: 1000 }], shippingRates: [{ name: 'Standard', amount: 500 }],
 *   shippingRate: 'Standard', taxRate: 2000, taxInclusive: false }).total // 3000
 */
export function priceCheckout(input: CheckoutPricingInput): CheckoutTotals {
  input.lines.forEach((line, index) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      throw badInput(['input', 'lines', index, 'quantity'], 'a quantity is a whole number of at least 1')
    if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 0)
      throw badInput(
        ['input', 'lines', index, 'unitPrice'],
        'a unit price is a whole, non-negative number of minor units',
      )
  })
  const rate = findShippingRate(input.shippingRates, input.shippingRate)
  if (!rate) {
    const names = input.shippingRates.map((option) => `"${option.name}"`).join(', ')
    throw badInput(['input', 'shippingRate'], `choose a shipping rate of this store: ${names}`)
  }
  if (!Number.isSafeInteger(input.taxRate) || input.taxRate < 0 || input.taxRate > 10_000)
    throw new RangeError(`a tax rate is 0–10000 basis points, got ${input.taxRate}`)
  const subtotal = input.lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0)
  if (!Number.isSafeInteger(subtotal)) throw badInput(['input', 'lines'], 'this order is too large to price')
  const base = subtotal + rate.amount
  const tax = input.taxInclusive
    ? divideHalfUp(base * input.taxRate, 10_000 + input.taxRate)
    : divideHalfUp(base * input.taxRate, 10_000)
  return {
    subtotal,
    shipping: { name: rate.name, amount: rate.amount },
    tax: { rate: input.taxRate, inclusive: input.taxInclusive, amount: tax },
    total: input.taxInclusive ? base : base + tax,
  }
}
