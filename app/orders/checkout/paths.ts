/**
 * The checkout's paths on a store's host, served by routes of their own (`api/http/checkout.ts`),
 * never by the theme or the page cache: `/checkout` (GET the form, POST it) and
 * `/checkout/orders/<orderId>?key=…` (the confirmation). `/checkout/test-pay/…` is the TEST
 * provider's pay page (the webhook part's).
 */
const CHECKOUT_PATH = /^\/checkout(\/[^?]*)?\/?(\?|$)/

export function isCheckoutPath(url: string): boolean {
  return CHECKOUT_PATH.test(url)
}
