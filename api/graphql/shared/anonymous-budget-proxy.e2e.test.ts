import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../infra/config.js'
import { useTestApp } from '../../../test/support/app.js'
import { PASSWORD, SIGN_UP } from '../../../test/support/session.js'

// Behind a load balancer every request comes from the balancer's address: with TRUST_PROXY the
// anonymous budget is kept per client address from X-Forwarded-For, so one client's flood does
// not spend everyone's sign-ups.

const config = loadConfig({ TRUST_PROXY: 'true' })
const t = useTestApp({
  config: {
    trustProxy: config.trustProxy,
    rateLimit: {
      ...config.rateLimit,
      plans: { ...config.rateLimit.plans, anonymous: { bucket: 30, restorePerSecond: 0.01 } },
    },
  },
})

const signUp = (email: string, client: string) =>
  t.gql(
    null,
    SIGN_UP,
    { input: { email, password: PASSWORD, organizationName: `Org of ${email}` } },
    { 'x-forwarded-for': client },
  )

describe('the anonymous budget behind a trusted proxy', () => {
  it('is kept per forwarded client address', async () => {
    expect((await signUp('proxy-1@example.com', '203.0.113.1')).errors).toBeUndefined()
    expect((await signUp('proxy-2@example.com', '203.0.113.1')).errors).toBeUndefined()
    expect((await signUp('proxy-3@example.com', '203.0.113.1')).status).toBe(429)

    const other = await signUp('proxy-4@example.com', '203.0.113.2')
    expect(other.errors).toBeUndefined()
  })
})

describe('TRUST_PROXY', () => {
  it('is off by default and takes true, false or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1')
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/)
  })
})
