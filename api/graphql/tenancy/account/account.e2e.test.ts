import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../test/support/app.js'
import { onlyError, POSITION, UUID } from '../../../../test/support/products.js'
import { LOGIN, PASSWORD, SIGN_UP, cookieOf, sessionGql, signUp } from '../../../../test/support/session.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const VIEWER = '{ viewer { organization { id name } scopes credential { type id name } user { id email } role stores { slug } } }'

describe('signUp', () => {
  it('creates the person, their organization as OWNER and a session cookie', async () => {
    const response = await sessionGql<{ signUp: Record<string, unknown> }>(t, null, SIGN_UP, {
      input: { email: ' Ann@Example.com ', password: PASSWORD, organizationName: 'Ann Shop' },
    })
    expect(response.errors).toBeUndefined()
    expect(response.data!.signUp).toEqual({
      user: { id: expect.stringMatching(UUID), email: 'ann@example.com' },
      organization: { id: expect.stringMatching(UUID), name: 'Ann Shop' },
      role: 'OWNER',
      sessionExpiresAt: expect.any(String),
      eventPosition: expect.stringMatching(POSITION),
    })
    const setCookie = String(response.headers['set-cookie'])
    expect(setCookie).toMatch(/^emporium_session=[A-Za-z0-9_-]{43}; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/)

    const viewer = await sessionGql<{ viewer: Record<string, unknown> }>(t, cookieOf(response), VIEWER)
    expect(viewer.errors).toBeUndefined()
    expect(viewer.data!.viewer).toMatchObject({
      organization: { name: 'Ann Shop' },
      credential: { type: 'USER', name: 'ann@example.com' },
      user: { email: 'ann@example.com' },
      role: 'OWNER',
      stores: [],
    })
  })

  it('refuses a taken email with CONFLICT and creates nothing', async () => {
    await signUp(t, 'taken@example.com')
    const response = await sessionGql(t, null, SIGN_UP, { input: { email: 'TAKEN@example.com', password: PASSWORD, organizationName: 'Second' } })
    expect(onlyError(response)).toEqual({
      code: 'CONFLICT',
      field: ['input', 'email'],
      message: "an account with email 'taken@example.com' already exists; log in, or reset its password if you forgot it",
    })
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it('says which field is wrong', async () => {
    const short = await sessionGql(t, null, SIGN_UP, { input: { email: 'short@example.com', password: 'short', organizationName: 'X' } })
    expect(onlyError(short)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'password'], message: expect.stringContaining('at least 10 characters') })
    const email = await sessionGql(t, null, SIGN_UP, { input: { email: 'not an email', password: PASSWORD, organizationName: 'X' } })
    expect(onlyError(email)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'email'] })
    const org = await sessionGql(t, null, SIGN_UP, { input: { email: 'org@example.com', password: PASSWORD, organizationName: ' ' } })
    expect(onlyError(org)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'organizationName'] })
  })
})

describe('login and logout', () => {
  it('rotates the session at login and ends it at logout', async () => {
    const first = await signUp(t, 'bob@example.com')
    const login = await sessionGql<{ login: { role: string } }>(t, first.cookie, LOGIN, { input: { email: 'bob@example.com', password: PASSWORD } })
    expect(login.errors).toBeUndefined()
    expect(login.data!.login.role).toBe('OWNER')
    const second = cookieOf(login)!
    expect(second).not.toBe(first.cookie)
    // The session sent with the login ended: a login never keeps a token an attacker may have planted.
    expect(onlyError(await sessionGql(t, first.cookie, VIEWER))).toMatchObject({ code: 'UNAUTHENTICATED' })
    expect((await sessionGql(t, second, VIEWER)).errors).toBeUndefined()

    const logout = await sessionGql<{ logout: { loggedOut: boolean } }>(t, second, 'mutation { logout { loggedOut } }')
    expect(logout.data!.logout.loggedOut).toBe(true)
    expect(String(logout.headers['set-cookie'])).toContain('emporium_session=; Path=/; Max-Age=0')
    const after = await sessionGql(t, second, VIEWER)
    expect(after.status).toBe(401)
    expect(onlyError(after)).toEqual({ code: 'UNAUTHENTICATED', message: 'your session is not valid (signed out, replaced or expired); log in again' })
  })

  it('refuses a wrong password without telling whether the email exists', async () => {
    await signUp(t, 'carol@example.com')
    const wrong = await sessionGql(t, null, LOGIN, { input: { email: 'carol@example.com', password: 'not the password' } })
    const unknown = await sessionGql(t, null, LOGIN, { input: { email: 'nobody@example.com', password: 'not the password' } })
    expect(onlyError(wrong)).toEqual(onlyError(unknown))
    expect(onlyError(wrong).code).toBe('UNAUTHENTICATED')
  })

  it('allows 5 attempts a minute per email and address, then RATE_LIMITED', async () => {
    await signUp(t, 'dave@example.com')
    for (let i = 0; i < 5; i++) await sessionGql(t, null, LOGIN, { input: { email: 'dave@example.com', password: 'guess number ' + i } })
    const limited = await sessionGql(t, null, LOGIN, { input: { email: 'dave@example.com', password: PASSWORD } })
    expect(limited.status).toBe(429)
    expect(onlyError(limited)).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('too many login attempts') })
    expect(limited.errors![0]!.extensions.retryAfter).toBeGreaterThan(0)
  })

  it('refuses every other operation without a credential', async () => {
    const response = await sessionGql(t, null, '{ viewer { scopes } }')
    expect(response.status).toBe(401)
    const mixed = await sessionGql(t, null, `mutation { login(input: { email: "x@example.com", password: "y" }) { role } productCreate(input: { title: "x" }) { product { id } } }`)
    expect(onlyError(mixed)).toMatchObject({ code: 'UNAUTHENTICATED' })
  })
})
