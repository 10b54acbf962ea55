import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.js'
import { secretKeyId } from './cipher.js'
import { platformSecretCipher, secretsKeySource, secretsKeyWarning } from './platform-key.js'

describe('SECRETS_KEY configuration', () => {
  it('takes a 32-byte base64 key, and SECRETS_KEY_PREVIOUS beside it', async () => {
    const key = randomBytes(32)
    const previous = randomBytes(32)
    const config = loadConfig({
      SECRETS_KEY: key.toString('base64'),
      SECRETS_KEY_PREVIOUS: previous.toString('base64'),
    })
    expect(config.secretsKey).toEqual(key)
    expect(config.secretsKeyPrevious).toEqual(previous)
    expect(secretsKeyWarning(config)).toBeNull()
    const cipher = await platformSecretCipher(config)
    expect(cipher.keyId).toBe(secretKeyId(key))
  })

  it.each([
    ['not base64 at all!', 'SECRETS_KEY'],
    [randomBytes(16).toString('base64'), 'SECRETS_KEY'],
    [randomBytes(33).toString('base64'), 'SECRETS_KEY'],
  ])('fails at start with one line naming the variable for %j', (value, name) => {
    expect(() => loadConfig({ SECRETS_KEY: value })).toThrow(
      `invalid configuration: ${name} must be 32 bytes in base64 (44 characters, e.g. from \`openssl rand -base64 32\`)`,
    )
    expect(() => loadConfig({ SECRETS_KEY_PREVIOUS: value })).toThrow(/^invalid configuration: SECRETS_KEY_PREVIOUS /)
  })

  it('without SECRETS_KEY derives the key from INTERNAL_SECRET, the same on every node, with a warning', async () => {
    const config = loadConfig({ INTERNAL_SECRET: 'an internal secret of some length' })
    expect(secretsKeySource(config)).toBe('INTERNAL_SECRET')
    expect(secretsKeyWarning(config)).toMatch(/^SECRETS_KEY is not set: .* derived from INTERNAL_SECRET/)
    const a = await platformSecretCipher(config)
    const b = await platformSecretCipher(loadConfig({ INTERNAL_SECRET: 'an internal secret of some length' }))
    expect(a.keyId).toBe(b.keyId)
    expect(b.open(a.seal('whsec_x', 'c'), 'c')).toBe('whsec_x')
  })

  it('with neither, warns that the key is kept in the database', () => {
    const config = loadConfig({})
    expect(secretsKeySource(config)).toBe('database')
    expect(secretsKeyWarning(config)).toMatch(/random key kept in the database/)
  })
})
