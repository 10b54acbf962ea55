import { createHmac, timingSafeEqual } from 'node:crypto'
import { signingKeyFor } from '../../../infra/signing/platform-key.js'
import type { Platform } from '../../platform.js'
import { uuidBytes, uuidText } from '../../../infra/signing/uuid-bytes.js'

/** What a preview link grants: the storefront of one store rendered with one of its themes, until `expiresAt`. */
export interface PreviewGrant {
  storeId: string
  themeId: string
  expiresAt: Date
}

const VERSION = 1
const CLAIMS_LENGTH = 1 + 16 + 16 + 4
/** 128 bits of HMAC-SHA256, as staged upload tokens carry. */
const MAC_LENGTH = 16

/** The key that signs preview links: its own purpose, so no other token of the platform passes for one. */
export function previewSigningKey(platform: Platform): Promise<Buffer> {
  return signingKeyFor(platform, { label: 'theme preview links v1', name: 'theme-previews' })
}

/** Version, store, theme and expiry in 37 bytes, then the truncated HMAC, in base64url (71 characters). */
export function signPreview(key: Buffer, grant: PreviewGrant): string {
  const claims = Buffer.alloc(CLAIMS_LENGTH)
  claims.writeUInt8(VERSION, 0)
  uuidBytes(grant.storeId).copy(claims, 1)
  uuidBytes(grant.themeId).copy(claims, 17)
  claims.writeUInt32BE(Math.floor(grant.expiresAt.getTime() / 1000), 33)
  return Buffer.concat([claims, mac(key, claims)]).toString('base64url')
}

/** The grant of a token signed for `storeId` and not expired at `now`, else null: the signature is checked in constant time. */
export function verifyPreview(key: Buffer, token: string, storeId: string, now: Date): PreviewGrant | null {
  const raw = /^[\w-]{1,100}$/.test(token) ? Buffer.from(token, 'base64url') : Buffer.alloc(0)
  if (raw.length !== CLAIMS_LENGTH + MAC_LENGTH) return null
  const claims = raw.subarray(0, CLAIMS_LENGTH)
  if (!timingSafeEqual(raw.subarray(CLAIMS_LENGTH), mac(key, claims)) || claims.readUInt8(0) !== VERSION) return null
  const grant = {
    storeId: uuidText(claims.subarray(1, 17)),
    themeId: uuidText(claims.subarray(17, 33)),
    expiresAt: new Date(claims.readUInt32BE(33) * 1000),
  }
  return grant.storeId === storeId.toLowerCase() && grant.expiresAt.getTime() > now.getTime() ? grant : null
}

function mac(key: Buffer, claims: Buffer): Buffer {
  return createHmac('sha256', key).update('emporium theme preview').update(claims).digest().subarray(0, MAC_LENGTH)
}
