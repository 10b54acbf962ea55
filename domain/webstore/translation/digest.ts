import { createHash } from 'node:crypto'

/**
 * The digest a translation is registered against: SHA-256 hex of the source text. A translation
 * whose digest differs from the current source's was made for an older text (outdated).
 */
export function sourceDigest(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}
