import { createHash, randomBytes } from 'node:crypto'

/**
 * Storefront tokens look like `sfp_<43 base64url characters>` (256 random bits). `sfp_` tells
 * them from admin keys (`wmk_`) at a glance and lets secret scanners classify them as public.
 *
 * A storefront token is public by design (it ships in a browser bundle and reads only what any
 * shopper sees), yet only its SHA-256 is kept, in the event and the read model: the admin shows
 * it once, like an API key, so neither the audit log nor a database dump hands out working
 * tokens, and a lost token is replaced by a new one rather than looked up.
 */
export const STOREFRONT_TOKEN_PREFIX = 'sfp_'
const TOKEN = /^sfp_[0-9A-Za-z_-]{43}$/

export interface StorefrontTokenSecret {
  token: string
  hash: string
  last4: string
}

export function generateStorefrontToken(): StorefrontTokenSecret {
  const token = `${STOREFRONT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
  return { token, hash: hashStorefrontToken(token), last4: token.slice(-4) }
}

/** Whether a header value has the shape of a token: anything else is refused without a lookup. */
export function isStorefrontTokenShaped(value: string): boolean {
  return TOKEN.test(value)
}

export function hashStorefrontToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** How listings show a token: enough to recognise it, nothing to use it. */
export function maskedStorefrontToken(last4: string): string {
  return `${STOREFRONT_TOKEN_PREFIX}…${last4}`
}
