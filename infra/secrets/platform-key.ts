import type { Config } from '../config.js'
import type { AnyDb } from '../database/database.js'
import { platformSigningKey } from '../signing/platform-key.js'
import { SecretCipher } from './cipher.js'

type KeyConfig = Pick<Config, 'secretsKey' | 'secretsKeyPrevious' | 'internalSecret'>

/**
 * Where the key sealing secrets at rest comes from: `SECRETS_KEY`; else derived from
 * `INTERNAL_SECRET` (HKDF-SHA256, as staged uploads derive theirs); else a random key made once
 * and kept in the database, which the first node inserts and the others read — the same fallback
 * as staged uploads, so `npm start` works with nothing set. The last two are weaker (a database
 * dump holds the key, or a shared secret doubles as one) and warn at start.
 */
export function secretsKeySource(config: KeyConfig): 'SECRETS_KEY' | 'INTERNAL_SECRET' | 'database' {
  if (config.secretsKey) return 'SECRETS_KEY'
  return config.internalSecret ? 'INTERNAL_SECRET' : 'database'
}

/** The warning `serve` logs at start when SECRETS_KEY is not set; null when it is. */
export function secretsKeyWarning(config: KeyConfig): string | null {
  const source = secretsKeySource(config)
  if (source === 'SECRETS_KEY') return null
  return source === 'INTERNAL_SECRET'
    ? 'SECRETS_KEY is not set: payment provider secrets are sealed under a key derived from INTERNAL_SECRET; set SECRETS_KEY (32 bytes, base64) in production'
    : 'SECRETS_KEY is not set: payment provider secrets are sealed under a random key kept in the database beside them; set SECRETS_KEY (32 bytes, base64) in production'
}

/** The cipher for secrets at rest, the same on every node (see `secretsKeySource`). */
export async function platformSecretCipher(config: KeyConfig, db?: AnyDb): Promise<SecretCipher> {
  return new SecretCipher(await currentKey(config, db), config.secretsKeyPrevious)
}

async function currentKey(config: KeyConfig, db: AnyDb | undefined): Promise<Uint8Array> {
  if (config.secretsKey) return config.secretsKey
  return platformSigningKey(config.internalSecret, db, { label: 'secrets at rest v1', name: 'secrets-at-rest' })
}
