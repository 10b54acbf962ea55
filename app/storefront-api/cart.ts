import { fromMinorUnits } from '../../domain/catalog/product/money.js'
import { DomainError } from '../../domain/shared/errors.js'
import { cartIdOfToken, cartToken } from '../orders/cart/cookie.js'
import { readCart, readCartState, type CartView } from '../orders/cart/read.js'
import {
  addToCart,
  changeCartLines,
  createEmptyCart,
  removeCartLines,
  type ShopperStore,
} from '../orders/cart/shopper.js'
import type { Platform } from '../platform.js'
import type { StorefrontSession } from './session.js'

interface Money {
  amount: string
  currencyCode: string
}

/** A cart as the storefront API shows it; `id` is the opaque signed token, never the bare cart id. */
export interface CartShape {
  id: string
  totalQuantity: number
  cost: { subtotalAmount: Money; totalAmount: Money }
  lines: {
    id: string
    quantity: number
    availableForSale: boolean
    merchandise: {
      id: string
      title: string
      sku: string
      price: Money
      image: { url: string; altText: string; width: null; height: null } | null
      product: { id: string; handle: string | null; title: string }
    }
    cost: { amountPerQuantity: Money; totalAmount: Money }
  }[]
}

const NOT_SELLING = 'This store is not selling online right now; its cart is closed'

/** The shopper operations of the public API on one store, with the cart id as the signed token. */
export class StorefrontCarts {
  constructor(
    private readonly platform: Platform,
    private readonly session: StorefrontSession,
  ) {}

  private get store(): ShopperStore {
    return { storeId: this.session.storeId, organizationId: this.session.store.organizationId }
  }

  private open(): void {
    if (!this.session.store.commerceEnabled) throw new DomainError('FORBIDDEN', NOT_SELLING)
  }

  /** The cart id behind a token; NOT_FOUND at `field` for a token this store did not sign or a cart that is not there. */
  private async cartIdOf(token: string, field: readonly (string | number)[]): Promise<string> {
    const cartId = await cartIdOfToken(this.platform, this.session.storeId, token)
    if (!cartId || !(await readCartState(this.platform, this.session.storeId, cartId)))
      throw new DomainError('NOT_FOUND', `cart '${token}' does not exist in this store; create one with cartCreate`, {
        field,
      })
    return cartId
  }

  async cart(token: string): Promise<CartShape | null> {
    this.open()
    const cartId = await cartIdOfToken(this.platform, this.session.storeId, token)
    if (!cartId || !(await readCartState(this.platform, this.session.storeId, cartId))) return null
    return this.shape(cartId)
  }

  async create(lines: readonly { variantId: string; quantity?: number | null }[] | null | undefined) {
    this.open()
    const items = (lines ?? []).map((line) => ({ variantId: line.variantId, quantity: line.quantity ?? 1 }))
    const cartId =
      items.length > 0
        ? await addToCart(this.platform, this.store, null, items)
        : await createEmptyCart(this.platform, this.store)
    return { cart: await this.shape(cartId) }
  }

  async addLines(token: string, lines: readonly { variantId: string; quantity?: number | null }[]) {
    this.open()
    const cartId = await this.cartIdOf(token, ['input', 'cartId'])
    const items = lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity ?? 1 }))
    await addToCart(this.platform, this.store, cartId, items)
    return { cart: await this.shape(cartId) }
  }

  async updateLines(token: string, lines: readonly { id: string; quantity: number }[]) {
    this.open()
    const cartId = await this.cartIdOf(token, ['input', 'cartId'])
    await changeCartLines(
      this.platform,
      this.store,
      cartId,
      lines.map((line) => ({ lineId: line.id.toLowerCase(), quantity: line.quantity })),
    )
    return { cart: await this.shape(cartId) }
  }

  async removeLines(token: string, lineIds: readonly string[]) {
    this.open()
    const cartId = await this.cartIdOf(token, ['input', 'cartId'])
    const state = await readCartState(this.platform, this.session.storeId, cartId)
    lineIds.forEach((lineId, i) => {
      if (!state?.lines.some((line) => line.lineId === lineId.toLowerCase()))
        throw new DomainError(
          'NOT_FOUND',
          `cart line '${lineId}' is not in this cart; read the cart again for its lines`,
          {
            field: ['input', 'lineIds', i],
          },
        )
    })
    await removeCartLines(
      this.platform,
      this.store,
      cartId,
      lineIds.map((id) => id.toLowerCase()),
    )
    return { cart: await this.shape(cartId) }
  }

  private async shape(cartId: string): Promise<CartShape> {
    const view = await readCart(this.platform, this.session.storeId, cartId)
    return cartShape(view, await cartToken(this.platform, this.session.storeId, cartId), this.session.origin)
  }
}

function cartShape(view: CartView, token: string, origin: string): CartShape {
  const money = (minor: number): Money => ({
    amount: fromMinorUnits(minor, view.currencyCode),
    currencyCode: view.currencyCode,
  })
  return {
    id: token,
    totalQuantity: view.itemCount,
    cost: { subtotalAmount: money(view.subtotal), totalAmount: money(view.subtotal) },
    lines: view.lines.map((line) => ({
      id: line.lineId,
      quantity: line.quantity,
      availableForSale: line.available,
      merchandise: {
        id: line.variantId,
        title: line.variantTitle,
        sku: line.sku,
        price: money(line.unitPrice),
        image: line.image ? { url: `${origin}${line.image}`, altText: line.title, width: null, height: null } : null,
        product: { id: line.productId, handle: line.handle, title: line.title },
      },
      cost: { amountPerQuantity: money(line.unitPrice), totalAmount: money(line.lineTotal) },
    })),
  }
}
