/**
 * The cart's storefront paths, with an optional locale prefix (`/fr/cart/add`): `/cart`,
 * `/cart.js` and `/cart/{add,change,update,clear}` with or without `.js`. They are served by
 * routes of their own (`api/http/cart.ts`), never by the page cache: a cart is one shopper's.
 */
const CART_PATH = /^(\/[a-z]{2,3}(?:-[a-z0-9]{2,8})?)?\/cart(\.js|\/(?:add|change|update|clear)(?:\.js)?)?\/?$/i

/** Whether a request URL (path and query) is one of the cart's paths. */
export function isCartPath(url: string): boolean {
  return CART_PATH.test(url.split('?')[0]!)
}

export type CartAction = 'show' | 'add' | 'change' | 'update' | 'clear'

/** What a cart path asks for: the action, JSON (`.js`) or not, and the locale prefix ('' for the default locale). */
export function parseCartPath(url: string): { action: CartAction; json: boolean; prefix: string } | null {
  const match = CART_PATH.exec(url.split('?')[0]!)
  if (!match) return null
  const tail = (match[2] ?? '').toLowerCase()
  const json = tail.endsWith('.js')
  const name = tail.replace(/^\//, '').replace(/\.js$/, '')
  return { action: name === '' ? 'show' : (name as CartAction), json, prefix: match[1] ?? '' }
}
