import { describe, expect, it } from 'vitest'
import { DomainError } from '../../shared/errors.js'
import { divideHalfUp, priceCheckout, type CheckoutPricingInput } from './pricing.js'

const rates = [
  { name: 'Standard', amount: 500 },
  { name: 'Express', amount: 1500 },
  { name: 'Free', amount: 0 },
]
const input = (over: Partial<CheckoutPricingInput>): CheckoutPricingInput => ({
  lines: [{ quantity: 1, unitPrice: 1000 }],
  shippingRates: rates,
  shippingRate: 'Standard',
  taxRate: 0,
  taxInclusive: false,
  ...over,
})

describe('divideHalfUp', () => {
  it.each([
    [5, 10, 1], // 0.5 → 1
    [4, 10, 0], // 0.4 → 0
    [15, 10, 2], // 1.5 → 2
    [25, 10, 3], // 2.5 → 3 (half up, not to even)
    [14999, 10000, 1],
    [15000, 10000, 2],
    [0, 7, 0],
    [Number.MAX_SAFE_INTEGER, 1, Number.MAX_SAFE_INTEGER],
  ])('%i / %i → %i', (n, d, expected) => {
    expect(divideHalfUp(n, d)).toBe(expected)
  })

  it('refuses what is not a non-negative integer over a positive one', () => {
    expect(() => divideHalfUp(-1, 2)).toThrow(RangeError)
    expect(() => divideHalfUp(1, 0)).toThrow(RangeError)
    expect(() => divideHalfUp(1.5, 2)).toThrow(RangeError)
  })
})

describe('priceCheckout', () => {
  it('adds lines × unit prices and the chosen shipping rate, with no tax by default', () => {
    const lines = [
      { quantity: 2, unitPrice: 1999 },
      { quantity: 3, unitPrice: 250 },
    ]
    expect(priceCheckout(input({ lines, shippingRate: 'Express' }))).toEqual({
      subtotal: 4748,
      shipping: { name: 'Express', amount: 1500 },
      tax: { rate: 0, inclusive: false, amount: 0 },
      total: 6248,
    })
  })

  it('adds exclusive tax on subtotal + shipping', () => {
    // (1000 + 500) × 20 % = 300
    expect(priceCheckout(input({ taxRate: 2000 }))).toMatchObject({ subtotal: 1000, tax: { amount: 300 }, total: 1800 })
  })

  it('takes inclusive tax out of the total without changing it', () => {
    // 1500 × 2000 / 12000 = 250
    expect(priceCheckout(input({ taxRate: 2000, taxInclusive: true }))).toMatchObject({
      subtotal: 1000,
      tax: { rate: 2000, inclusive: true, amount: 250 },
      total: 1500,
    })
  })

  it('rounds the tax half up, once, on the whole order', () => {
    // exclusive: 1005 × 7 % = 70.35 → 70; 1007 × 5 % = 50.35 → 50; 1010 × 5 % = 50.5 → 51
    expect(
      priceCheckout(input({ lines: [{ quantity: 1, unitPrice: 1005 }], shippingRate: 'Free', taxRate: 700 })).tax
        .amount,
    ).toBe(70)
    expect(
      priceCheckout(input({ lines: [{ quantity: 1, unitPrice: 1010 }], shippingRate: 'Free', taxRate: 500 })).tax
        .amount,
    ).toBe(51)
    // three lines of 0.333… tax each round once: 3 × 10 × 3.333 % = 1.0 (not 3 × 0)
    const lines = [1, 2, 3].map(() => ({ quantity: 1, unitPrice: 10 }))
    expect(priceCheckout(input({ lines, shippingRate: 'Free', taxRate: 333 })).tax.amount).toBe(1)
    // inclusive: 1050 × 1000 / 11000 = 95.45 → 95; 1155 × 1000 / 11000 = 105 exactly; 11 × 1000 / 11000 = 1
    expect(
      priceCheckout(
        input({ lines: [{ quantity: 1, unitPrice: 1050 }], shippingRate: 'Free', taxRate: 1000, taxInclusive: true }),
      ).tax.amount,
    ).toBe(95)
    expect(
      priceCheckout(
        input({ lines: [{ quantity: 1, unitPrice: 1155 }], shippingRate: 'Free', taxRate: 1000, taxInclusive: true }),
      ).tax.amount,
    ).toBe(105)
    // inclusive half: 5 × 10000 / 20000 = 2.5 → 3
    expect(
      priceCheckout(
        input({ lines: [{ quantity: 1, unitPrice: 5 }], shippingRate: 'Free', taxRate: 10000, taxInclusive: true }),
      ).tax.amount,
    ).toBe(3)
  })

  it('handles free orders, 100 % tax and the largest quantities', () => {
    expect(
      priceCheckout(input({ lines: [{ quantity: 1, unitPrice: 0 }], shippingRate: 'Free', taxRate: 2000 })),
    ).toMatchObject({
      subtotal: 0,
      tax: { amount: 0 },
      total: 0,
    })
    expect(priceCheckout(input({ taxRate: 10000 })).total).toBe(3000)
    expect(
      priceCheckout(input({ lines: [{ quantity: 1_000_000, unitPrice: 999_999 }], shippingRate: 'Free' })).total,
    ).toBe(999_999_000_000)
  })

  it('matches the shipping rate by name whatever its case, and refuses an unknown one naming the choices', () => {
    expect(priceCheckout(input({ shippingRate: ' express ' })).shipping).toEqual({ name: 'Express', amount: 1500 })
    const error = (() => {
      try {
        priceCheckout(input({ shippingRate: 'Teleport' }))
      } catch (caught) {
        return caught
      }
    })() as DomainError
    expect(error).toBeInstanceOf(DomainError)
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'shippingRate'] })
    expect(error.message).toContain('"Standard", "Express", "Free"')
  })

  it('refuses quantities and prices that are not whole minor units', () => {
    expect(() => priceCheckout(input({ lines: [{ quantity: 0, unitPrice: 100 }] }))).toThrow(/at least 1/)
    expect(() => priceCheckout(input({ lines: [{ quantity: 1, unitPrice: 9.99 }] }))).toThrow(/minor units/)
    expect(() => priceCheckout(input({ lines: [{ quantity: 1, unitPrice: -1 }] }))).toThrow(/minor units/)
  })
})
