import { createHash, randomBytes } from 'node:crypto'
import { DomainError } from '../../domain/shared/errors.js'

/**
 * API keys look like `wmk_<publicId>_<secret>`:
 *
 * - `wmk_` lets secret scanners (GitHub push protection, gitleaks) recognise a leaked key;
 * - `publicId`, 12 base62 characters, finds the key without revealing anything (listings show it);
 * - `secret`, 32 random base62 characters (~190 bits) followed by 6 base62 characters of the
 *   CRC32 of everything before them, so a scanner can tell a real key from a look-alike and a
 *   mistyped or truncated key is refused before any database lookup.
 *
 * Only `hashSecret(secret)` is stored; the token is shown once, when it is made.
 */
export const API_KEY_PREFIX = 'wmk_'
export const PUBLIC_ID_LENGTH = 12
export const SECRET_RANDOM_LENGTH = 32
export const CHECKSUM_LENGTH = 6
export const API_KEY_LENGTH = API_KEY_PREFIX.length + PUBLIC_ID_LENGTH + 1 + SECRET_RANDOM_LENGTH + CHECKSUM_LENGTH

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const BASE62_ONLY = /^[0-9A-Za-z]+$/

export interface ApiKeyToken {
  /** The whole key, to hand to its owner once. */
  token: string
  publicId: string
  /** The part after the public id (random part and checksum); what `hashSecret` hashes. */
  secret: string
  /** The token's last four characters, shown in listings. */
  last4: string
}

export interface ParsedApiKeyToken {
  publicId: string
  secret: string
}

export function generateApiKeyToken(): ApiKeyToken {
  const publicId = randomBase62(PUBLIC_ID_LENGTH)
  const body = `${API_KEY_PREFIX}${publicId}_${randomBase62(SECRET_RANDOM_LENGTH)}`
  const token = body + checksum(body)
  return { token, publicId, secret: token.slice(API_KEY_PREFIX.length + PUBLIC_ID_LENGTH + 1), last4: token.slice(-4) }
}

/**
 * Checks the shape and checksum of a presented key; throws UNAUTHENTICATED saying what is wrong.
 *
 * @example parseApiKeyToken(req.headers.authorization.slice('Bearer '.length)) // { publicId, secret }
 */
export function parseApiKeyToken(token: string): ParsedApiKeyToken {
  if (!token.startsWith(API_KEY_PREFIX)) {
    throw malformed(
      `API keys start with '${API_KEY_PREFIX}'; send the whole key as "Authorization: Bearer ${API_KEY_PREFIX}…"`,
    )
  }
  if (token.length !== API_KEY_LENGTH) {
    throw malformed(
      `the API key has ${token.length} characters but keys have ${API_KEY_LENGTH}; it was cut or mistyped, so copy it again from where you stored it`,
    )
  }
  const publicId = token.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + PUBLIC_ID_LENGTH)
  const separator = token.charAt(API_KEY_PREFIX.length + PUBLIC_ID_LENGTH)
  const secret = token.slice(API_KEY_PREFIX.length + PUBLIC_ID_LENGTH + 1)
  if (separator !== '_' || !BASE62_ONLY.test(publicId) || !BASE62_ONLY.test(secret)) {
    throw malformed(
      `the API key is not of the form ${API_KEY_PREFIX}<public id>_<secret>; copy it again from where you stored it`,
    )
  }
  const body = token.slice(0, -CHECKSUM_LENGTH)
  if (checksum(body) !== token.slice(-CHECKSUM_LENGTH)) {
    throw malformed('the API key fails its checksum: a character was changed; copy it again from where you stored it')
  }
  return { publicId, secret }
}

/** SHA-256 hex: the only form in which a secret is stored. A fast hash suffices: the secret is random, not a password. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

/** How listings show a key: enough to recognise it, nothing to use it. */
export function maskedApiKey(publicId: string, last4: string): string {
  return `${API_KEY_PREFIX}${publicId}_…${last4}`
}

function malformed(reason: string): DomainError {
  return new DomainError('UNAUTHENTICATED', `malformed API key: ${reason}`)
}

/** Uniform base62 characters: bytes at or above 248 (4 × 62) are dropped so `% 62` has no bias. */
function randomBase62(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62]
    }
  }
  return out
}

/** CRC32 as 6 base62 digits (62^6 > 2^32), zero-padded so the token has a fixed length. */
function checksum(text: string): string {
  let value = crc32(Buffer.from(text, 'utf8'))
  let out = ''
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62] + out
    value = Math.floor(value / 62)
  }
  return out
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

/** CRC-32 (IEEE), as zlib computes it; `zlib.crc32` is missing from the older Node 20 releases we support. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}
