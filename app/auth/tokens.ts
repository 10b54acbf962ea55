import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits, URL-safe: session, password-reset and invitation tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** SHA-256 hex: the only form in which a token is stored. Tokens are random, so a fast hash suffices. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}
