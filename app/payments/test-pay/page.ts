import { escapeHtml } from '../../storefront/liquid/escape.js'

/** What the TEST pay page shows: the order and what the shopper is about to pay. */
export interface PayPageFacts {
  storeName: string
  sessionId: string
  orderNumber: number
  amount: number
  currencyCode: string
}

/** `2500, 'EUR'` → `€25.00`: minor units by the currency's own digits. */
export function formatMinor(amount: number, currencyCode: string): string {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode })
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  return format.format(amount / 10 ** digits)
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:10vh auto;padding:0 1rem;color:#1a1a1a}h1{font-size:1.5rem}
.notice{background:#fff4ce;border:1px solid #e0c060;padding:.5rem 1rem}form{display:inline-block;margin:1rem 1rem 0 0}
button{font-size:1rem;padding:.6rem 1.4rem;border-radius:.3rem;border:2px solid #1a1a1a;cursor:pointer}
button:focus-visible{outline:3px solid #0a58ca;outline-offset:2px}.pay{background:#1a1a1a;color:#fff}.decline{background:#fff;color:#1a1a1a}</style></head>
<body><main>${body}</main></body>
</html>
`
}

/**
 * The TEST provider's pay page: plain HTML forms (no script), one button each, so it works with
 * JavaScript off and with a keyboard or a screen reader.
 */
export function payPage(facts: PayPageFacts): string {
  const action = `/checkout/test-pay/${encodeURIComponent(facts.sessionId)}`
  const amount = formatMinor(facts.amount, facts.currencyCode)
  return layout(
    `Pay order #${facts.orderNumber} — ${facts.storeName}`,
    `<h1>Pay order #${facts.orderNumber}</h1>
<p class="notice" role="note">Test payment: no money moves. This page stands in for the payment provider.</p>
<dl><dt>Store</dt><dd>${escapeHtml(facts.storeName)}</dd><dt>Order</dt><dd id="order-number">#${facts.orderNumber}</dd>
<dt>Amount due</dt><dd id="amount">${escapeHtml(amount)}</dd></dl>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="pay"><button type="submit" class="pay">Pay ${escapeHtml(amount)}</button></form>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="decline"><button type="submit" class="decline">Decline payment</button></form>`,
  )
}

export const SESSION_NOT_FOUND_PAGE = layout(
  'Payment session not found',
  '<h1>Payment session not found</h1><p>This payment link is unknown or belongs to another store. Go back to the store and check out again.</p>',
)

export function payFailedPage(requestId: string): string {
  return layout(
    'Payment not recorded',
    `<h1>Payment not recorded</h1><p>The payment could not be recorded. Please try again in a moment (reference ${escapeHtml(requestId)}).</p>`,
  )
}
