const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/**
 * `token` with its last character's lowest bit flipped: a spelling that base64url decoding reads
 * as the same bytes when that bit is padding, so only a check of the text itself refuses it.
 */
export function lastBitRespelled(token: string): string {
  return token.slice(0, -1) + ALPHABET[ALPHABET.indexOf(token.at(-1)!) ^ 1]
}
