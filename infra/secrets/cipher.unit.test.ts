import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SecretCipher, SecretCipherError, secretKeyId } from './cipher.js'

const CONTEXT = 'payment-secret:store:STRIPE:api_key:row'

describe('SecretCipher (AES-256-GCM)', () => {
  it('round-trips a secret, with a fresh IV each time and no plaintext in the sealed value', () => {
    const cipher = new SecretCipher(randomBytes(32))
    const secret = 'sk_live_51HxyzABCDEFGHIJKLMNOPQRSTUV'
    const first = cipher.seal(secret, CONTEXT)
    const second = cipher.seal(secret, CONTEXT)
    expect(cipher.open(first, CONTEXT)).toBe(secret)
    expect(cipher.open(second, CONTEXT)).toBe(secret)
    expect(first.sealed).not.toBe(second.sealed)
    expect(Buffer.from(first.sealed, 'base64').toString('latin1')).not.toContain('sk_live')
    // IV (12) + tag (16) + one byte per ASCII character.
    expect(Buffer.from(first.sealed, 'base64')).toHaveLength(12 + 16 + secret.length)
  })

  it('names the key by the first 8 hex digits of its SHA-256, stored beside each value', () => {
    const key = randomBytes(32)
    const cipher = new SecretCipher(key)
    expect(cipher.keyId).toBe(createHash('sha256').update(key).digest('hex').slice(0, 8))
    expect(secretKeyId(key)).toBe(cipher.keyId)
    expect(cipher.seal('x', CONTEXT).keyId).toBe(cipher.keyId)
  })

  it('refuses a tampered value, a truncated one, and one moved to another context', () => {
    const cipher = new SecretCipher(randomBytes(32))
    const box = cipher.seal('whsec_abcdefghijklmnop', CONTEXT)
    const bytes = Buffer.from(box.sealed, 'base64')
    for (const at of [0, 12, 28, bytes.length - 1]) {
      const tampered = Buffer.from(bytes)
      tampered[at]! ^= 0x01
      expect(() => cipher.open({ ...box, sealed: tampered.toString('base64') }, CONTEXT)).toThrow(SecretCipherError)
    }
    expect(() => cipher.open({ ...box, sealed: bytes.subarray(0, 20).toString('base64') }, CONTEXT)).toThrow(
      /truncated/,
    )
    expect(() => cipher.open(box, 'payment-secret:other-store:STRIPE:api_key:row')).toThrow(/altered or misplaced/)
  })

  it('refuses a value sealed under another key, even one claiming its key id', () => {
    const sealer = new SecretCipher(randomBytes(32))
    const other = new SecretCipher(randomBytes(32))
    const box = sealer.seal('sk_test_1234567890', CONTEXT)
    expect(() => other.open(box, CONTEXT)).toThrow(/neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS/)
    expect(() => other.open({ ...box, keyId: other.keyId }, CONTEXT)).toThrow(SecretCipherError)
  })

  it('opens values sealed under the previous key after a rotation, and seals new ones under the current key', () => {
    const oldKey = randomBytes(32)
    const newKey = randomBytes(32)
    const before = new SecretCipher(oldKey).seal('whsec_old_secret_value', CONTEXT)
    const rotated = new SecretCipher(newKey, oldKey)
    expect(rotated.open(before, CONTEXT)).toBe('whsec_old_secret_value')
    expect(rotated.seal('whsec_new', CONTEXT).keyId).toBe(secretKeyId(newKey))
    expect(() => new SecretCipher(newKey).open(before, CONTEXT)).toThrow(SecretCipherError)
  })

  it('takes only 32-byte keys', () => {
    expect(() => new SecretCipher(randomBytes(16))).toThrow(/32 bytes, got 16/)
    expect(() => new SecretCipher(randomBytes(32), randomBytes(31))).toThrow(/32 bytes, got 31/)
  })
})
