import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { CartCommand } from './commands.js'
import { cartCreate, cartDecider, cartLinesAdd, cartLinesUpdate } from './definitions.js'
import type { CartEvent, CartLine } from './events.js'
import { contextWith } from '../../../test/support/decide-context.js'

const CART = '01900000-0000-7000-8000-0000000000c1'
const P = '01900000-0000-7000-8000-0000000000a1'
const V1 = '01900000-0000-7000-8000-0000000000b1'
const V2 = '01900000-0000-7000-8000-0000000000b2'
const L1 = '01900000-0000-7000-8000-0000000000d1'
const L2 = '01900000-0000-7000-8000-0000000000d2'
const ctx = contextWith({ actor: { type: 'system', id: 'storefront', name: 'storefront shopper' } })
const spec = deciderSpec(cartDecider, ctx)

const line = (lineId: string, variantId: string, quantity: number): CartLine => ({
  lineId,
  productId: P,
  variantId,
  quantity,
})
const created: CartEvent = { type: 'CartCreated', data: { cartId: CART } }
const added = (l: CartLine): CartEvent => ({ type: 'CartLineAdded', data: { cartId: CART, ...l } })
const add = (...lines: CartLine[]): CartCommand => ({ type: 'CartLinesAdd', data: { cartId: CART, lines } })

describe('cart decider', () => {
  it('creates a cart with its lines, merging lines of one variant', () => {
    spec
      .given([])
      .when({ type: 'CartCreate', data: { cartId: CART, lines: [line(L1, V1, 1), line(L2, V1, 2)] } })
      .then([
        created,
        added(line(L1, V1, 1)),
        { type: 'CartLineQuantityChanged', data: { cartId: CART, lineId: L1, from: 1, to: 3 } },
      ])
  })

  it('refuses to create a cart twice', () => {
    spec
      .given([created])
      .when({ type: 'CartCreate', data: { cartId: CART, lines: [] } })
      .thenFails({ code: 'CONFLICT' })
  })

  it('adds a new variant as a line and raises the quantity of a variant already there', () => {
    spec
      .given([created, added(line(L1, V1, 2))])
      .when(add(line(L2, V2, 1), line('x', V1, 3)))
      .then([
        added(line(L2, V2, 1)),
        { type: 'CartLineQuantityChanged', data: { cartId: CART, lineId: L1, from: 2, to: 5 } },
      ])
  })

  it('keeps a line at 999 units at most, naming the line at fault', () => {
    spec
      .given([created, added(line(L1, V1, 998))])
      .when(add(line(L2, V1, 2)))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'lines', 0, 'quantity'], message: 'add at most 1' })
  })

  it('holds 100 lines at most', () => {
    const full = Array.from({ length: 100 }, (_, i) =>
      added(line(`l${i}`, `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`, 1)),
    )
    spec
      .given([created, ...full])
      .when(add(line(L2, V2, 1)))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'lines', 0] })
  })

  it('changes quantities, removes a line set to 0 and ignores unchanged ones', () => {
    spec
      .given([created, added(line(L1, V1, 2)), added(line(L2, V2, 1))])
      .when({
        type: 'CartLinesUpdate',
        data: {
          cartId: CART,
          lines: [
            { lineId: L1, quantity: 4 },
            { lineId: L2, quantity: 0 },
          ],
        },
      })
      .then([
        { type: 'CartLineQuantityChanged', data: { cartId: CART, lineId: L1, from: 2, to: 4 } },
        { type: 'CartLineRemoved', data: { cartId: CART, lineId: L2 } },
      ])
    spec
      .given([created, added(line(L1, V1, 2))])
      .when({ type: 'CartLinesUpdate', data: { cartId: CART, lines: [{ lineId: L1, quantity: 2 }] } })
      .then([])
  })

  it('answers NOT_FOUND for an unknown line, at its place in the input', () => {
    spec
      .given([created, added(line(L1, V1, 2))])
      .when({ type: 'CartLinesUpdate', data: { cartId: CART, lines: [{ lineId: L2, quantity: 1 }] } })
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'lines', 0, 'lineId'] })
    spec
      .given([created, added(line(L1, V1, 2))])
      .when({ type: 'CartLinesRemove', data: { cartId: CART, lineIds: [L1, L2] } })
      .thenFails({ code: 'NOT_FOUND', field: ['input', 'lineIds', 1] })
  })

  it('removes lines and clears a cart; clearing an empty cart changes nothing', () => {
    spec
      .given([created, added(line(L1, V1, 2))])
      .when({ type: 'CartLinesRemove', data: { cartId: CART, lineIds: [L1] } })
      .then([{ type: 'CartLineRemoved', data: { cartId: CART, lineId: L1 } }])
    spec
      .given([created, added(line(L1, V1, 2))])
      .when({ type: 'CartClear', data: { cartId: CART } })
      .then([{ type: 'CartCleared', data: { cartId: CART } }])
    spec
      .given([created])
      .when({ type: 'CartClear', data: { cartId: CART } })
      .then([])
  })

  it('answers NOT_FOUND for a cart that does not exist (or lives in another store)', () => {
    spec
      .given([])
      .when(add(line(L1, V1, 1)))
      .thenFails({ code: 'NOT_FOUND' })
    spec
      .given([])
      .when({ type: 'CartClear', data: { cartId: CART } })
      .thenFails({ code: 'NOT_FOUND' })
  })

  it('bounds quantities and line counts at the input, never taking a price', () => {
    const lineInput = { productId: P, variantId: V1, quantity: 1 }
    expect(
      cartLinesAdd.input.safeParse({ cartId: CART, lines: [{ ...lineInput, quantity: 0 }] }).error?.issues[0]?.path,
    ).toEqual(['lines', 0, 'quantity'])
    expect(cartLinesAdd.input.safeParse({ cartId: CART, lines: [{ ...lineInput, quantity: 1000 }] }).success).toBe(
      false,
    )
    expect(cartLinesAdd.input.safeParse({ cartId: CART, lines: [{ ...lineInput, quantity: 1.5 }] }).success).toBe(false)
    expect(cartLinesAdd.input.safeParse({ cartId: CART, lines: [{ ...lineInput, price: 1 }] }).success).toBe(false)
    expect(cartCreate.input.safeParse({ lines: Array.from({ length: 101 }, () => lineInput) }).success).toBe(false)
    expect(cartLinesUpdate.input.safeParse({ cartId: CART, lines: [{ lineId: L1, quantity: 0 }] }).success).toBe(true)
  })
})
