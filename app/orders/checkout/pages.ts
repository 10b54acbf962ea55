import { fromMinorUnits } from '../../../domain/catalog/product/money.js'
import { CHECKOUT_COUNTRIES } from '../../../domain/orders/checkout/details.js'
import type { CheckoutTotals, ShippingRateOption } from '../../../domain/orders/checkout/pricing.js'
import { escapeHtml as e } from '../../storefront/liquid/escape.js'

/**
 * The checkout's own pages on a store's host, rendered by the platform (no theme code runs in
 * checkout, as on Shopify): plain, accessible HTML forms that work without JavaScript, on a
 * phone as on a desktop, titled with the store's name. No script at all.
 */

export function formatMoney(amount: number, currencyCode: string): string {
  const decimal = fromMinorUnits(amount, currencyCode)
  try {
    const digits = decimal.includes('.') ? decimal.split('.')[1]!.length : 0
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency: currencyCode,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(Number(decimal))
  } catch {
    return `${decimal} ${currencyCode}`
  }
}

const STYLE = `*{box-sizing:border-box}body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1a1a1a;background:#fafafa;line-height:1.5}
header{background:#fff;border-bottom:1px solid #ddd;padding:1rem}header a{color:inherit;text-decoration:none;font-weight:600;font-size:1.25rem}
main{max-width:64rem;margin:0 auto;padding:1rem;display:grid;gap:2rem}@media(min-width:48rem){main.two{grid-template-columns:3fr 2fr}}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
label{display:block;font-weight:500;margin:.75rem 0 .25rem}input,select,textarea{width:100%;font:inherit;padding:.6rem;border:1px solid #888;border-radius:4px;background:#fff}
input:focus,select:focus,textarea:focus,button:focus,a:focus{outline:3px solid #1d4ed8;outline-offset:2px}
.row{display:grid;gap:0 1rem}@media(min-width:36rem){.row{grid-template-columns:1fr 1fr}}
fieldset{border:1px solid #ccc;border-radius:4px;padding:.5rem 1rem;margin:1rem 0}legend{font-weight:600;padding:0 .25rem}
fieldset label{display:flex;gap:.5rem;align-items:center;font-weight:400}fieldset input{width:auto}
.error{color:#b00020;font-size:.95rem;margin:.25rem 0 0}[aria-invalid=true]{border-color:#b00020;border-width:2px}
.summary-box{border:2px solid #b00020;border-radius:4px;padding:1rem;background:#fff}.summary-box a{color:#b00020}
aside,section.card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:1rem}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:.4rem 0;vertical-align:top}td.n,th.n{text-align:right}
tfoot th,tfoot td{border-top:1px solid #ddd}.total th,.total td{font-weight:700;font-size:1.1rem}
button{font:inherit;font-weight:600;background:#1a1a1a;color:#fff;border:0;border-radius:4px;padding:.8rem 1.5rem;width:100%;margin-top:1rem;cursor:pointer}
.terms{font-size:.9rem;color:#444;white-space:pre-line}.status{font-size:1.2rem;font-weight:600}.muted{color:#555}`

function layout(storeName: string, title: string, body: string, mainClass = ''): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${e(title)} – ${e(storeName)}</title><style>${STYLE}</style></head>
<body><header><a href="/">${e(storeName)}</a></header>
<main${mainClass ? ` class="${mainClass}"` : ''}>${body}</main>
</body>
</html>
`
}

/** One line of the order summary, from the server's cart or order: never a client's price. */
export interface SummaryLine {
  title: string
  variantTitle?: string | null
  quantity: number
  unitPrice: number
  lineTotal: number
}

function summaryTable(lines: readonly SummaryLine[], totals: CheckoutTotals, currencyCode: string): string {
  const money = (amount: number) => e(formatMoney(amount, currencyCode))
  const rows = lines
    .map(
      (line) =>
        `<tr><td>${e(line.title)}${line.variantTitle ? `<br><span class="muted">${e(line.variantTitle)}</span>` : ''}` +
        ` <span class="muted">× ${line.quantity}</span></td><td class="n">${money(line.lineTotal)}</td></tr>`,
    )
    .join('')
  const percent = `${(totals.tax.rate / 100).toLocaleString('en', { maximumFractionDigits: 2 })} %`
  const taxRow =
    totals.tax.rate === 0
      ? ''
      : totals.tax.inclusive
        ? `<tr><th scope="row">Including tax (${percent})</th><td class="n">${money(totals.tax.amount)}</td></tr>`
        : `<tr><th scope="row">Tax (${percent})</th><td class="n">${money(totals.tax.amount)}</td></tr>`
  return `<table><caption class="muted" style="text-align:left">Order summary</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="n">Price</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row">Subtotal</th><td class="n" data-total="subtotal">${money(totals.subtotal)}</td></tr>
<tr><th scope="row">Shipping (${e(totals.shipping.name)})</th><td class="n" data-total="shipping">${money(totals.shipping.amount)}</td></tr>
${taxRow}<tr class="total"><th scope="row">Total</th><td class="n" data-total="total">${money(totals.total)}</td></tr></tfoot></table>`
}

/** The form's fields: names as posted (`shippingAddress.city` → `city`). */
export const FORM_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'address1',
  'address2',
  'city',
  'province',
  'postalCode',
  'countryCode',
  'phone',
  'shippingRate',
  'note',
] as const
export type FormField = (typeof FORM_FIELDS)[number]
export type FormValues = Partial<Record<FormField, string>>

export interface CheckoutPageModel {
  storeName: string
  currencyCode: string
  lines: readonly SummaryLine[]
  totals: CheckoutTotals
  shippingRates: readonly ShippingRateOption[]
  requirePhone: boolean
  orderNotesEnabled: boolean
  termsText: string
  values: FormValues
  /** Field → message, shown beside the field and in a summary at the top. */
  errors: Partial<Record<FormField, string>>
  /** A message about the whole checkout (sold out, cannot take payments). */
  problem?: string
}

const LABELS: Record<FormField, string> = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  address1: 'Address',
  address2: 'Apartment, suite, etc. (optional)',
  city: 'City',
  province: 'State / province (optional)',
  postalCode: 'Postal code',
  countryCode: 'Country',
  phone: 'Phone',
  shippingRate: 'Shipping method',
  note: 'Order note (optional)',
}

const AUTOCOMPLETE: Partial<Record<FormField, string>> = {
  email: 'email',
  firstName: 'shipping given-name',
  lastName: 'shipping family-name',
  address1: 'shipping address-line1',
  address2: 'shipping address-line2',
  city: 'shipping address-level2',
  province: 'shipping address-level1',
  postalCode: 'shipping postal-code',
  countryCode: 'shipping country',
  phone: 'shipping tel',
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })

export function checkoutPage(model: CheckoutPageModel): string {
  const { values, errors } = model
  const invalid = (field: FormField) => (errors[field] ? ` aria-invalid="true" aria-describedby="${field}-error"` : '')
  const errorOf = (field: FormField) =>
    errors[field] ? `<p class="error" id="${field}-error">${e(errors[field])}</p>` : ''
  const input = (field: FormField, type = 'text', required = true) =>
    `<div><label for="${field}">${e(LABELS[field])}</label>` +
    `<input id="${field}" name="${field}" type="${type}" value="${e(values[field] ?? '')}"` +
    `${AUTOCOMPLETE[field] ? ` autocomplete="${AUTOCOMPLETE[field]}"` : ''}${required ? ' required' : ''}${invalid(field)}>` +
    `${errorOf(field)}</div>`
  const chosenCountry = values.countryCode ?? ''
  const countries = [...CHECKOUT_COUNTRIES]
    .map((code) => ({ code, name: regionNames.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ code, name }) => `<option value="${code}"${code === chosenCountry ? ' selected' : ''}>${e(name)}</option>`)
    .join('')
  const chosenRate = (values.shippingRate ?? model.shippingRates[0]?.name ?? '').toLowerCase()
  const rates = model.shippingRates
    .map(
      (rate, index) =>
        `<label><input type="radio" name="shippingRate" id="shippingRate-${index}" value="${e(rate.name)}"` +
        `${rate.name.toLowerCase() === chosenRate ? ' checked' : ''} required> ${e(rate.name)} – ` +
        `${rate.amount === 0 ? 'Free' : e(formatMoney(rate.amount, model.currencyCode))}</label>`,
    )
    .join('')
  const errorList = FORM_FIELDS.filter((field) => errors[field])
  const summary =
    errorList.length || model.problem
      ? `<div class="summary-box" role="alert" tabindex="-1" id="problems"><h2 style="margin-top:0">${
          errorList.length ? 'Please correct the following' : 'We could not place your order'
        }</h2>${model.problem ? `<p>${e(model.problem)}</p>` : ''}${
          errorList.length
            ? `<ul>${errorList.map((field) => `<li><a href="#${field === 'shippingRate' ? 'shippingRate-0' : field}">${e(errors[field] ?? '')}</a></li>`).join('')}</ul>`
            : ''
        }</div>`
      : ''
  const body = `<section aria-labelledby="checkout-title">
<h1 id="checkout-title">Checkout</h1>
${summary}
<form method="post" action="/checkout" novalidate>
<h2>Contact</h2>
${input('email', 'email')}
<h2>Shipping address</h2>
<div class="row">${input('firstName')}${input('lastName')}</div>
${input('address1')}
${input('address2', 'text', false)}
<div class="row">${input('city')}${input('postalCode')}</div>
${input('province', 'text', false)}
<div><label for="countryCode">Country</label><select id="countryCode" name="countryCode" autocomplete="shipping country" required${invalid('countryCode')}><option value="">Choose a country</option>${countries}</select>${errorOf('countryCode')}</div>
${model.requirePhone ? input('phone', 'tel') : ''}
<fieldset${errors.shippingRate ? ' aria-describedby="shippingRate-error"' : ''}><legend>Shipping method</legend>${rates}${errorOf('shippingRate')}</fieldset>
${
  model.orderNotesEnabled
    ? `<div><label for="note">${LABELS.note}</label><textarea id="note" name="note" rows="3"${invalid('note')}>${e(values.note ?? '')}</textarea>${errorOf('note')}</div>`
    : ''
}
${model.termsText ? `<h2>Terms</h2><p class="terms" id="terms">${e(model.termsText)}</p>` : ''}
<button type="submit"${model.termsText ? ' aria-describedby="terms"' : ''}>Continue to payment</button>
</form>
</section>
<aside aria-label="Order summary">${summaryTable(model.lines, model.totals, model.currencyCode)}<p><a href="/cart">Edit cart</a></p></aside>`
  return layout(model.storeName, 'Checkout', body, 'two')
}

/** A page with a heading, a message and a way on: empty cart, not selling, cannot take payments. */
export function messagePage(
  storeName: string,
  title: string,
  text: string,
  link = { href: '/', label: 'Continue shopping' },
): string {
  return layout(
    storeName,
    title,
    `<section class="card"><h1>${e(title)}</h1><p>${e(text)}</p><p><a href="${e(link.href)}">${e(link.label)}</a></p></section>`,
  )
}

export function notSellingPage(storeName: string): string {
  return messagePage(
    storeName,
    'This store is not selling',
    `${storeName} is not taking orders at the moment. Nothing was ordered and nothing was charged.`,
  )
}

export interface ConfirmationModel {
  storeName: string
  orderName: string
  status: string
  paymentStatus: string
  currencyCode: string
  lines: readonly SummaryLine[]
  totals: CheckoutTotals
  thankYouMessage: string
}

/** What a shopper reads about the order's payment, by the order's status. */
export function paymentStatusText(status: string, paymentStatus: string): string {
  if (status === 'PAID' || paymentStatus === 'PAID') return 'Paid'
  if (paymentStatus === 'REFUNDED') return 'Refunded'
  if (paymentStatus === 'PARTIALLY_REFUNDED') return 'Paid (partially refunded)'
  if (status === 'EXPIRED') return 'Expired: the order was not paid in time'
  if (status === 'CANCELLED') return 'Cancelled'
  if (paymentStatus === 'FAILED') return 'Payment failed'
  if (status === 'PAYMENT_MISMATCH') return 'Payment under review'
  return 'Waiting for payment'
}

export function confirmationPage(model: ConfirmationModel): string {
  const status = paymentStatusText(model.status, model.paymentStatus)
  const waiting = status === 'Waiting for payment'
  const body = `<section class="card" aria-labelledby="confirmation-title">
<h1 id="confirmation-title">Order ${e(model.orderName)}</h1>
<p class="status" role="status" data-status="${e(model.status)}">${e(status)}</p>
${waiting ? '<p class="muted">We are waiting for the payment provider to confirm your payment. Reload this page in a moment.</p>' : ''}
${model.thankYouMessage ? `<p class="terms">${e(model.thankYouMessage)}</p>` : '<p>Thank you for your order.</p>'}
${summaryTable(model.lines, model.totals, model.currencyCode)}
<p><a href="/">Continue shopping</a></p>
</section>`
  return layout(model.storeName, `Order ${model.orderName}`, body)
}
