import {
  cartClear,
  cartCreate,
  cartLinesAdd,
  cartLinesRemove,
  cartLinesUpdate,
} from '../../../domain/orders/cart/definitions.js'
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../domain/orders/cart/commands.js'
import type { Actor } from '../../../domain/shared/context.js'
import { DomainError, badInput } from '../../../domain/shared/errors.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { AnyCommandDefinition } from '../../../domain/shared/command.js'
import { systemContext } from '../../commands/context.js'
import type { Platform } from '../../platform.js'
import { readCartState, variantFacts } from './read.js'

/** Who acts for a shopper: the storefront itself, as the audit log shows it. */
export const STOREFRONT_SHOPPER: Actor = { type: 'system', id: 'storefront', name: 'storefront shopper' }

/** The store a shopper's request is for. */
export interface ShopperStore {
  storeId: string
  organizationId: string
}

/** Why a shopper's change was refused, for the Ajax API's 422 wording. */
export type CartRefusal = 'SOLD_OUT' | 'NOT_FOR_SALE' | 'QUANTITY_LIMIT' | 'LINE_LIMIT'

function run(platform: Platform, store: ShopperStore, definition: AnyCommandDefinition, input: unknown) {
  return platform.execute(definition, input, systemContext(store, STOREFRONT_SHOPPER, ['orders:write']))
}

function refused(
  field: readonly (string | number)[],
  message: string,
  reason: CartRefusal,
  extra: Record<string, unknown> = {},
): DomainError {
  return new DomainError('BAD_USER_INPUT', message, { field, details: { reason, ...extra } })
}

/** A variant a shopper may buy: its product ACTIVE in this store. Anything else answers as unknown. */
async function sellable(platform: Platform, store: ShopperStore, variantIds: readonly string[]) {
  const facts = await variantFacts(
    platform,
    store.storeId,
    variantIds.filter(isUuid).map((id) => id.toLowerCase()),
  )
  return (variantId: string, field: readonly (string | number)[]) => {
    const fact = isUuid(variantId) ? facts.get(variantId.toLowerCase()) : undefined
    if (!fact || fact.status !== 'ACTIVE')
      throw refused(field, `variant '${variantId}' is not for sale in this store`, 'NOT_FOR_SALE')
    return fact
  }
}

/** Units of a tracked variant for sale: on hand, less what checkouts in progress hold; null when its stock is not tracked (no limit). */
function stockOf(fact: { inventory_tracked: boolean; inventory_quantity: number; reserved: number }): number | null {
  return fact.inventory_tracked ? Math.max(0, fact.inventory_quantity - fact.reserved) : null
}

function checkQuantity(
  field: readonly (string | number)[],
  title: string,
  wanted: number,
  inCart: number,
  stock: number | null,
): void {
  if (!Number.isInteger(wanted) || wanted < 0)
    throw badInput(field, `quantity must be a whole number of at least ${inCart > 0 ? 0 : 1}`)
  const total = inCart + wanted
  if (stock !== null && total > stock) {
    const message =
      stock === 0
        ? `${title} is sold out`
        : inCart >= stock
          ? `All ${stock} ${title} are in your cart`
          : `You can only add ${stock - inCart} of this item to your cart`
    throw refused(field, message, 'SOLD_OUT', { available: stock, inCart })
  }
  if (total > MAX_LINE_QUANTITY)
    throw refused(
      field,
      `You can only add ${Math.max(0, MAX_LINE_QUANTITY - inCart)} of this item to your cart (at most ${MAX_LINE_QUANTITY} a line)`,
      'QUANTITY_LIMIT',
      { available: MAX_LINE_QUANTITY, inCart },
    )
}

/**
 * Adds variants to the shopper's cart, creating the cart when there is none (or the id names
 * none in this store); returns the cart id. Only variants of ACTIVE products of this store are
 * taken, and never more units than a tracked variant has on hand, counting what the cart holds.
 * Errors name the item: `field` is `['input', 'lines', i, 'variantId' | 'quantity']`.
 *
 * @example const cartId = await addToCart(platform, store, cartIdOrNull, [{ variantId, quantity: 2 }])
 */
export async function addToCart(
  platform: Platform,
  store: ShopperStore,
  cartId: string | null,
  items: readonly { variantId: string; quantity: number }[],
): Promise<string> {
  if (items.length === 0) throw badInput(['input', 'lines'], 'add at least one item: send a variant id and a quantity')
  if (items.length > MAX_CART_LINES)
    throw refused(['input', 'lines'], `a cart holds at most ${MAX_CART_LINES} lines`, 'LINE_LIMIT')
  const state = cartId ? await readCartState(platform, store.storeId, cartId) : null
  const check = await sellable(
    platform,
    store,
    items.map((item) => item.variantId),
  )
  const inCart = new Map<string, number>()
  for (const line of state?.lines ?? []) inCart.set(line.variantId, (inCart.get(line.variantId) ?? 0) + line.quantity)
  const lines = items.map((item, i) => {
    const fact = check(item.variantId, ['input', 'lines', i, 'variantId'])
    const field = ['input', 'lines', i, 'quantity']
    if (!Number.isInteger(item.quantity) || item.quantity < 1)
      throw badInput(field, 'quantity must be a whole number of at least 1')
    const already = inCart.get(fact.variant_id) ?? 0
    checkQuantity(field, fact.title, item.quantity, already, stockOf(fact))
    inCart.set(fact.variant_id, already + item.quantity)
    return { productId: fact.product_id, variantId: fact.variant_id, quantity: item.quantity }
  })
  if (!state) return (await run(platform, store, cartCreate, { lines })).entityId
  await run(platform, store, cartLinesAdd, { cartId: state.cartId, lines })
  return state.cartId
}

/** A new empty cart (the storefront API's `cartCreate` without lines); returns its id. */
export async function createEmptyCart(platform: Platform, store: ShopperStore): Promise<string> {
  return (await run(platform, store, cartCreate, {})).entityId
}

/**
 * Sets the quantities of lines of the shopper's cart (0 removes a line). A raised quantity is
 * checked against the stock like an addition; a lowered one always goes through.
 */
export async function changeCartLines(
  platform: Platform,
  store: ShopperStore,
  cartId: string,
  changes: readonly { lineId: string; quantity: number }[],
): Promise<void> {
  const state = await readCartState(platform, store.storeId, cartId)
  if (!state)
    throw new DomainError('NOT_FOUND', `cart '${cartId}' does not exist in this store`, { field: ['input', 'cartId'] })
  const check = await sellable(
    platform,
    store,
    state.lines.map((line) => line.variantId),
  )
  changes.forEach((change, i) => {
    const field = ['input', 'lines', i, 'quantity']
    const line = state.lines.find((l) => l.lineId === change.lineId)
    if (!line)
      throw new DomainError(
        'NOT_FOUND',
        `cart line '${change.lineId}' is not in this cart; read the cart again for its lines`,
        {
          field: ['input', 'lines', i, 'id'],
        },
      )
    if (!Number.isInteger(change.quantity) || change.quantity < 0)
      throw badInput(field, 'quantity must be a whole number of at least 0 (0 removes the line)')
    if (change.quantity <= line.quantity) return
    const fact = check(line.variantId, ['input', 'lines', i, 'id'])
    checkQuantity(field, fact.title, change.quantity, 0, stockOf(fact))
  })
  await run(platform, store, cartLinesUpdate, { cartId, lines: changes })
}

/** Removes lines of the shopper's cart; a line already gone is NOT_FOUND at its place in `lineIds`. */
export async function removeCartLines(
  platform: Platform,
  store: ShopperStore,
  cartId: string,
  lineIds: readonly string[],
): Promise<void> {
  await run(platform, store, cartLinesRemove, { cartId, lineIds })
}

/** Empties the shopper's cart; an unknown cart is nothing to clear. */
export async function clearCart(platform: Platform, store: ShopperStore, cartId: string | null): Promise<void> {
  if (!cartId || !(await readCartState(platform, store.storeId, cartId))) return
  await run(platform, store, cartClear, { cartId })
}
