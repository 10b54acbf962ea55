import { escapeHtml } from '../../storefront/liquid/escape.js'
import type { CartLineView, CartView } from './read.js'

/**
 * One line as Shopify's Ajax Cart API shows it (`/cart.js`): `key` is the line id, `id` the
 * variant id; money in minor units of the store currency. Unavailable lines are left out:
 * nothing that cannot be bought is counted or priced.
 */
export interface AjaxCartItem {
  key: string
  id: string
  variant_id: string
  product_id: string
  quantity: number
  price: number
  line_price: number
  final_price: number
  final_line_price: number
  original_price: number
  original_line_price: number
  title: string
  product_title: string
  variant_title: string | null
  url: string
  image: string | null
  sku: string
  handle: string | null
  available: boolean
}

export interface AjaxCart {
  token: string | null
  items: AjaxCartItem[]
  item_count: number
  total_price: number
  items_subtotal_price: number
  original_total_price: number
  total_discount: number
  currency: string
  requires_shipping: boolean
  note: null
  attributes: Record<string, never>
}

function itemOf(line: CartLineView, localized: (path: string) => string): AjaxCartItem {
  const productUrl = line.handle ? localized(`/products/${line.handle}`) : ''
  return {
    key: line.lineId,
    id: line.variantId,
    variant_id: line.variantId,
    product_id: line.productId,
    quantity: line.quantity,
    price: line.unitPrice,
    line_price: line.lineTotal,
    final_price: line.unitPrice,
    final_line_price: line.lineTotal,
    original_price: line.unitPrice,
    original_line_price: line.lineTotal,
    title: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
    product_title: line.title,
    variant_title: line.variantTitle || null,
    url: productUrl ? `${productUrl}?variant=${line.variantId}` : '',
    image: line.image ?? null,
    sku: line.sku,
    handle: line.handle,
    available: line.available,
  }
}

/** The cart as `/cart.js` answers it (plain JSON: no HTML escaping). */
export function ajaxCart(cart: CartView, localized: (path: string) => string = (path) => path): AjaxCart {
  const items = cart.lines.filter((line) => line.available).map((line) => itemOf(line, localized))
  return {
    token: null,
    items,
    item_count: cart.itemCount,
    total_price: cart.subtotal,
    items_subtotal_price: cart.subtotal,
    original_total_price: cart.subtotal,
    total_discount: 0,
    currency: cart.currencyCode,
    requires_shipping: items.length > 0,
    note: null,
    attributes: {},
  }
}

/** The cart's item added by `/cart/add.js`, as it now stands in the cart. */
export function ajaxItem(cart: CartView, variantId: string, localized?: (path: string) => string): AjaxCartItem | null {
  return ajaxCart(cart, localized).items.find((item) => item.id === variantId) ?? null
}

/**
 * The `cart` Liquid object of Shopify themes. Text is HTML-escaped, as every storefront object's:
 * templates print it as it is. Each item also carries `url_to_remove` and `index` (1-based), and
 * unavailable lines are listed in `unavailable_items` so the cart page can say why they are not counted.
 */
export function cartLiquidObject(cart: CartView, localized: (path: string) => string): Record<string, unknown> {
  const toLiquid = (line: CartLineView, index: number) => {
    const item = itemOf(line, localized)
    return {
      ...item,
      title: escapeHtml(item.title),
      product_title: escapeHtml(item.product_title),
      variant_title: item.variant_title === null ? null : escapeHtml(item.variant_title),
      sku: escapeHtml(item.sku),
      index: index + 1,
      line_level_total_discount: 0,
      url_to_remove: localized(`/cart/change?id=${line.lineId}&quantity=0`),
      image: item.image ? { src: item.image, url: item.image, alt: escapeHtml(item.product_title) } : null,
    }
  }
  const available = cart.lines.filter((line) => line.available)
  const items = available.map(toLiquid)
  return {
    items,
    unavailable_items: cart.lines.filter((line) => !line.available).map(toLiquid),
    item_count: cart.itemCount,
    total_price: cart.subtotal,
    items_subtotal_price: cart.subtotal,
    original_total_price: cart.subtotal,
    total_discount: 0,
    currency: { iso_code: cart.currencyCode },
    requires_shipping: items.length > 0,
    empty: items.length === 0,
    note: null,
    attributes: {},
    cart_level_discount_applications: [],
  }
}

/** The cart every cached page sees: empty, so a page shared by all shoppers never shows one shopper's cart. */
export function emptyCartObject(currency: string): Record<string, unknown> {
  return cartLiquidObject({ cartId: null, lines: [], itemCount: 0, subtotal: 0, currencyCode: currency }, (p) => p)
}
