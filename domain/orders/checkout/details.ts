import { z } from 'zod'

/**
 * What a shopper gives at checkout: email, shipping address, the chosen rate and a note. The
 * same checks serve the `/checkout` form and the storefront API's `cartCheckout`; each issue's
 * path names the field (`shippingAddress.city`). Email, names, address and phone are personal
 * data: they go to the deletable customer tables, never into an event.
 */

/** Countries checkout ships to, ISO 3166-1 alpha-2; names come from `Intl.DisplayNames`. */
export const CHECKOUT_COUNTRIES = [
  'AT', 'AU', 'BE', 'BG', 'BR', 'CA', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'GR', 'HR',
  'HU', 'IE', 'IN', 'IS', 'IT', 'JP', 'KR', 'LI', 'LT', 'LU', 'LV', 'MT', 'MX', 'NL', 'NO', 'NZ', 'PL', 'PT',
  'RO', 'SE', 'SG', 'SI', 'SK', 'US', 'ZA',
] as const // prettier-ignore

/** Control characters (NUL, escapes …); `lines` allows tab and line breaks, as a note has them. */
function hasControl(value: string, lines: boolean): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0)
    if (lines && (code === 9 || code === 10 || code === 13)) continue
    if (code < 32 || code === 127) return true
  }
  return false
}

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasControl(value, false), `${label} must not hold control characters`)

const optional = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasControl(value, true), `${label} must not hold control characters`)
    .nullish()
    .transform((value) => (value ? value : null))

export const shippingAddressInput = z.strictObject(
  {
    firstName: required('First name', 100),
    lastName: required('Last name', 100),
    address1: required('Address', 200),
    address2: optional('Apartment, suite, etc.', 200),
    city: required('City', 100),
    province: optional('State / province', 100),
    postalCode: required('Postal code', 20),
    countryCode: z
      .string({ error: 'Country is required' })
      .trim()
      .toUpperCase()
      .refine(
        (code): code is (typeof CHECKOUT_COUNTRIES)[number] => (CHECKOUT_COUNTRIES as readonly string[]).includes(code),
        'Choose a country this store ships to',
      ),
    phone: z
      .string({ error: 'Phone must be text' })
      .trim()
      .max(30, 'Phone must be at most 30 characters')
      .refine(
        (value) => value === '' || /^\+?[0-9 ()./-]{5,30}$/.test(value),
        'Phone must be a phone number, e.g. +44 20 7946 0000',
      )
      .nullish()
      .transform((value) => (value ? value : null)),
  },
  {
    error:
      'shippingAddress must be {firstName, lastName, address1, address2, city, province, postalCode, countryCode, phone}',
  },
)
export type ShippingAddress = z.output<typeof shippingAddressInput>

export const checkoutDetailsInput = z.strictObject(
  {
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Email must be at most 254 characters')
      .pipe(z.email({ error: 'Enter an email address like name@example.com' }))
      .transform((email) => email.toLowerCase()),
    shippingAddress: shippingAddressInput,
    shippingRate: required('Shipping method', 60),
    note: optional('Note', 5000),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `checkout does not take ${issue.keys.join(', ')} (prices are computed by the store); its fields are email, shippingAddress, shippingRate, note`
        : 'checkout details are {email, shippingAddress, shippingRate, note}',
  },
)
export type CheckoutDetailsInput = z.input<typeof checkoutDetailsInput>
export type CheckoutDetails = z.output<typeof checkoutDetailsInput>
