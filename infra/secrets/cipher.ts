import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/** A secret sealed by `SecretCipher.seal`: what the secrets tables store, never the secret itself. */
export interface SealedSecret {
  /** Which platform key sealed it (`secretKeyId`): after a key rotation, tells old rows from new. */
  keyId: string
  /** base64 of IV (12 bytes) ‖ GCM auth tag (16 bytes) ‖ ciphertext. */
  sealed: string
}

export class SecretCipherError extends Error {}

const IV_BYTES = 12
const TAG_BYTES = 16
export const SECRET_KEY_BYTES = 32

/**
 * The key id of a 32-byte key: the first 8 hex digits of its SHA-256. It names the key without
 * revealing it, so a row says which key sealed it.
 *
 * @example secretKeyId(Buffer.alloc(32)) // '66687aad'
 */
export function secretKeyId(key: Uint8Array): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8)
}

/**
 * AES-256-GCM under the platform key (`SECRETS_KEY`), with a random 12-byte IV per value and the
 * auth tag kept beside the ciphertext, so a changed byte, a row moved to another place (the
 * `context` is authenticated data) or the wrong key is an error, never a wrong secret. Values
 * sealed under the previous key (`SECRETS_KEY_PREVIOUS`) still open, so keys rotate without
 * downtime: new values are always sealed under the current key.
 *
 * @example
 * const cipher = new SecretCipher(key)
 * const box = cipher.seal('sk_live_…', 'payment:store-id:STRIPE:api')
 * cipher.open(box, 'payment:store-id:STRIPE:api') // 'sk_live_…'
 */
export class SecretCipher {
  readonly keyId: string
  private readonly keys = new Map<string, Buffer>()

  constructor(current: Uint8Array, previous?: Uint8Array) {
    for (const key of [current, previous]) {
      if (key && key.length !== SECRET_KEY_BYTES)
        throw new SecretCipherError(`a secrets key must be ${SECRET_KEY_BYTES} bytes, got ${key.length}`)
    }
    this.keyId = secretKeyId(current)
    this.keys.set(this.keyId, Buffer.from(current))
    if (previous && !this.keys.has(secretKeyId(previous))) this.keys.set(secretKeyId(previous), Buffer.from(previous))
  }

  /** Seals `plaintext` under the current key; `context` must be given again to open it. */
  seal(plaintext: string, context: string): SealedSecret {
    const iv = randomBytes(IV_BYTES)
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.keyId)!, iv)
    cipher.setAAD(Buffer.from(context, 'utf8'))
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
    return { keyId: this.keyId, sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64') }
  }

  /** Opens a sealed value; throws `SecretCipherError` when its key is unknown or it was altered. */
  open(box: SealedSecret, context: string): string {
    const key = this.keys.get(box.keyId)
    if (!key)
      throw new SecretCipherError(
        `secret sealed under key ${box.keyId}, which is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS`,
      )
    const bytes = Buffer.from(box.sealed, 'base64')
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretCipherError('sealed secret is truncated')
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    try {
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
    } catch {
      throw new SecretCipherError(`sealed secret failed authentication under key ${box.keyId}: altered or misplaced`)
    }
  }
}
