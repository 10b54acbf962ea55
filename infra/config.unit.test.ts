import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.js'

describe('CDN_PURGE', () => {
  it('is off by default', () => {
    expect(loadConfig({}).cdnPurge).toBeNull()
  })

  it("reads Fastly's service, token and soft purge, against api.fastly.com unless a test overrides it", () => {
    const env = { CDN_PURGE: 'fastly', FASTLY_SERVICE_ID: 'SU1Z0isxPaozGVKXdv0eY', FASTLY_API_TOKEN: 'token' }
    expect(loadConfig({ ...env, FASTLY_SOFT_PURGE: 'true' }).cdnPurge).toEqual({
      provider: 'fastly',
      serviceId: 'SU1Z0isxPaozGVKXdv0eY',
      apiToken: 'token',
      softPurge: true,
      apiUrl: 'https://api.fastly.com',
    })
    expect(loadConfig({ ...env, CDN_PURGE_API_URL: 'http://127.0.0.1:9999' }).cdnPurge?.apiUrl).toBe(
      'http://127.0.0.1:9999',
    )
  })

  it("reads Cloudflare's zone and token", () => {
    const zone = '023e105f4ecef8ad9ca31a8372d0c353'
    expect(
      loadConfig({ CDN_PURGE: 'cloudflare', CLOUDFLARE_ZONE_ID: zone, CLOUDFLARE_API_TOKEN: 'token' }).cdnPurge,
    ).toEqual({ provider: 'cloudflare', zoneId: zone, apiToken: 'token', apiUrl: 'https://api.cloudflare.com' })
  })

  it.each([
    [{ CDN_PURGE: 'akamai' }, /^invalid configuration: CDN_PURGE /],
    [
      { CDN_PURGE: 'fastly', FASTLY_API_TOKEN: 't' },
      /^invalid configuration: FASTLY_SERVICE_ID is required when CDN_PURGE=fastly$/,
    ],
    [{ CDN_PURGE: 'fastly', FASTLY_SERVICE_ID: 'abc' }, /^invalid configuration: FASTLY_API_TOKEN is required/],
    [
      { CDN_PURGE: 'fastly', FASTLY_SERVICE_ID: 'a/b', FASTLY_API_TOKEN: 't' },
      /^invalid configuration: FASTLY_SERVICE_ID must be/,
    ],
    [{ CDN_PURGE: 'cloudflare', CLOUDFLARE_API_TOKEN: 't' }, /^invalid configuration: CLOUDFLARE_ZONE_ID is required/],
    [
      { CDN_PURGE: 'cloudflare', CLOUDFLARE_ZONE_ID: 'zone', CLOUDFLARE_API_TOKEN: 't' },
      /^invalid configuration: CLOUDFLARE_ZONE_ID must be/,
    ],
    [{ CDN_PURGE_API_URL: 'ftp://x' }, /^invalid configuration: CDN_PURGE_API_URL must be/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })
})
