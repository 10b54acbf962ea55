import { fromMinorUnits } from '../../../domain/catalog/product/money.js'
import { escapeHtml } from '../../storefront/liquid/escape.js'
import type { CartView } from './read.js'

/**
 * The cart page of a store whose theme has no `cart` template (a theme made before carts, or a
 * bare upload): plain HTML with the same forms as the default theme's, so the cart still works.
 */
export function plainCartPage(
  cart: CartView | null,
  options: { storeName: string; prefix: string; message?: string },
): string {
  const { prefix } = options
  const money = (minor: number) => `${fromMinorUnits(minor, cart?.currencyCode ?? 'USD')} ${cart?.currencyCode ?? ''}`
  const lines = (cart?.lines ?? [])
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.title)}${line.variantTitle ? ` <small>${escapeHtml(line.variantTitle)}</small>` : ''}` +
        `${line.available ? '' : ' <small>(no longer available)</small>'}</td>` +
        `<td>${line.available ? money(line.unitPrice) : ''}</td>` +
        `<td><input type="number" name="updates[${line.lineId}]" value="${line.quantity}" min="0" max="999" aria-label="Quantity"></td>` +
        `<td>${line.available ? money(line.lineTotal) : ''}</td></tr>`,
    )
    .join('')
  const body = !cart
    ? ''
    : cart.lines.length === 0
      ? '<p>Your cart is empty.</p>'
      : `<form method="post" action="${prefix}/cart/update"><table>${lines}</table>` +
        '<button type="submit">Update cart</button></form>' +
        `<p>Subtotal: <strong>${money(cart.subtotal)}</strong></p>` +
        '<form method="post" action="/checkout"><button type="submit" name="checkout">Check out</button></form>' +
        `<form method="post" action="${prefix}/cart/clear"><button type="submit">Empty cart</button></form>`
  return (
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>Your cart – ${escapeHtml(options.storeName)}</title></head><body><main><h1>Your cart</h1>` +
    (options.message ? `<p role="alert">${escapeHtml(options.message)}</p>` : '') +
    `${body}</main></body></html>`
  )
}
