import { createHmac, timingSafeEqual } from 'node:crypto'
import { signingKeyFor } from '../../../infra/signing/platform-key.js'
import type { Platform } from '../../platform.js'

type KeySource = Pick<Platform, 'config' | 'database'>

/** The key that signs order confirmation links (infra/signing/platform-key.ts). */
function orderLinkKey(platform: KeySource): Promise<Buffer> {
  return signingKeyFor(platform, { label: 'order links v1', name: 'order-links' })
}

function mac(key: Buffer, orderId: string): Buffer {
  return createHmac('sha256', key).update('emporium order link').update(orderId.toLowerCase()).digest()
}

/**
 * The `key` of an order's confirmation link: an HMAC of the order id, so whoever holds the link
 * (the shopper who paid) sees the order, and nobody can guess another order's.
 *
 * @example await orderLinkToken(platform, orderId) // 'hS3k…' (base64url, 43 characters)
 */
export async function orderLinkToken(platform: KeySource, orderId: string): Promise<string> {
  return mac(await orderLinkKey(platform), orderId).toString('base64url')
}

/**
 * Whether `token` is the key of `orderId`'s confirmation link (constant-time). The text is compared,
 * not its decoded bytes: base64url decoding ignores the last character's low bits, so a decoded
 * comparison would also take a few altered spellings of the same key.
 */
export async function verifyOrderLinkToken(
  platform: KeySource,
  orderId: string,
  token: string | undefined,
): Promise<boolean> {
  if (!token) return false
  const presented = Buffer.from(token)
  const expected = Buffer.from(mac(await orderLinkKey(platform), orderId).toString('base64url'))
  return presented.length === expected.length && timingSafeEqual(presented, expected)
}

/**
 * The store-host path of an order's confirmation page, as the pay page redirects to it.
 *
 * @example await orderConfirmationPath(platform, orderId) // '/checkout/orders/<orderId>?key=<token>'
 */
export async function orderConfirmationPath(platform: KeySource, orderId: string): Promise<string> {
  return `/checkout/orders/${encodeURIComponent(orderId)}?key=${await orderLinkToken(platform, orderId)}`
}
