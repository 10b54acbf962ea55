import { describe, expect, it } from 'vitest'
import { DomainError } from '../../domain/shared/errors.js'
import {
  API_KEY_LENGTH,
  crc32,
  generateApiKeyToken,
  hashSecret,
  maskedApiKey,
  parseApiKeyToken,
} from './api-key-token.js'

function failure(token: string): DomainError {
  try {
    parseApiKeyToken(token)
  } catch (error) {
    if (error instanceof DomainError) return error
    throw error
  }
  throw new Error(`'${token}' parsed`)
}

/** Replaces the character at `index` with another base62 character. */
function mutate(token: string, index: number): string {
  const replacement = token[index] === 'a' ? 'b' : 'a'
  return token.slice(0, index) + replacement + token.slice(index + 1)
}

describe('API key tokens', () => {
  it('have the form wmk_<12 base62>_<32 base62 + 6 base62 checksum>', () => {
    const { token, publicId, secret, last4 } = generateApiKeyToken()
    expect(token).toMatch(/^wmk_[0-9A-Za-z]{12}_[0-9A-Za-z]{38}$/)
    expect(token).toHaveLength(API_KEY_LENGTH)
    expect(token).toBe(`wmk_${publicId}_${secret}`)
    expect(last4).toBe(token.slice(-4))
  })

  it('round-trip through parse', () => {
    const { token, publicId, secret } = generateApiKeyToken()
    expect(parseApiKeyToken(token)).toEqual({ publicId, secret })
  })

  it('are different every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => generateApiKeyToken().token))
    expect(tokens.size).toBe(200)
  })

  it('reject a changed character anywhere through the checksum', () => {
    const { token } = generateApiKeyToken()
    for (const index of [4, 15, 17, 30, 48, 50, 54]) {
      const error = failure(mutate(token, index))
      expect(error.code).toBe('UNAUTHENTICATED')
      expect(error.message).toContain('checksum')
    }
  })

  it('reject another prefix', () => {
    const { token } = generateApiKeyToken()
    const error = failure(`sk_${token.slice(4)}`)
    expect(error.code).toBe('UNAUTHENTICATED')
    expect(error.message).toContain("start with 'wmk_'")
  })

  it('reject a truncated or extended key, saying it was cut or mistyped', () => {
    const { token } = generateApiKeyToken()
    expect(failure(token.slice(0, -1)).message).toContain(`keys have ${API_KEY_LENGTH}`)
    expect(failure(`${token}x`).message).toContain('cut or mistyped')
  })

  it('reject characters outside base62 and a missing separator', () => {
    const { token } = generateApiKeyToken()
    expect(failure(`${token.slice(0, 20)}-${token.slice(21)}`).message).toContain('not of the form')
    expect(failure(`${token.slice(0, 16)}x${token.slice(17)}`).message).toContain('not of the form')
  })

  it('hash secrets with SHA-256 hex', () => {
    expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('checksum with the standard CRC-32 (IEEE)', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926)
    expect(crc32(Buffer.from(''))).toBe(0)
  })

  it('show in listings without their secret', () => {
    expect(maskedApiKey('AbCdEf012345', 'wxYZ')).toBe('wmk_AbCdEf012345_…wxYZ')
  })
})
