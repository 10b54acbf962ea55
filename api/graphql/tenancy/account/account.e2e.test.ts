import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { onlyError, POSITION, UUID } from '../../../../test/support/products.js'
import {
  LOGIN,
  PASSWORD,
  SIGN_UP,
  captureMail,
  cookieOf,
  sessionGql,
  signUp,
  tokenIn,
} from '../../../../test/support/session.js'

const t = useTestApp()

const VIEWER =
  '{ viewer { organization { id name } scopes credential { type id name } user { id email } role stores { slug } } }'

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
    const response = await sessionGql(t, null, SIGN_UP, {
      input: { email: 'TAKEN@example.com', password: PASSWORD, organizationName: 'Second' },
    })
    expect(onlyError(response)).toEqual({
      code: 'CONFLICT',
      field: ['input', 'email'],
      message:
        "an account with email 'taken@example.com' already exists; log in, or reset its password if you forgot it",
    })
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it('says which field is wrong', async () => {
    const short = await sessionGql(t, null, SIGN_UP, {
      input: { email: 'short@example.com', password: 'short', organizationName: 'X' },
    })
    expect(onlyError(short)).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'password'],
      message: expect.stringContaining('at least 10 characters'),
    })
    const email = await sessionGql(t, null, SIGN_UP, {
      input: { email: 'not an email', password: PASSWORD, organizationName: 'X' },
    })
    expect(onlyError(email)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'email'] })
    const org = await sessionGql(t, null, SIGN_UP, {
      input: { email: 'org@example.com', password: PASSWORD, organizationName: ' ' },
    })
    expect(onlyError(org)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'organizationName'] })
  })
})

describe('login and logout', () => {
  it('rotates the session at login and ends it at logout', async () => {
    const first = await signUp(t, 'bob@example.com')
    const login = await sessionGql<{ login: { role: string } }>(t, first.cookie, LOGIN, {
      input: { email: 'bob@example.com', password: PASSWORD },
    })
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
    expect(onlyError(after)).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'your session is not valid (signed out, replaced or expired); log in again',
    })
  })

  it('refuses a wrong password without telling whether the email exists', async () => {
    await signUp(t, 'carol@example.com')
    const wrong = await sessionGql(t, null, LOGIN, {
      input: { email: 'carol@example.com', password: 'not the password' },
    })
    const unknown = await sessionGql(t, null, LOGIN, {
      input: { email: 'nobody@example.com', password: 'not the password' },
    })
    expect(onlyError(wrong)).toEqual(onlyError(unknown))
    expect(onlyError(wrong).code).toBe('UNAUTHENTICATED')
  })

  it('allows 5 attempts a minute per email and address, then RATE_LIMITED', async () => {
    await signUp(t, 'dave@example.com')
    for (let i = 0; i < 5; i++)
      await sessionGql(t, null, LOGIN, { input: { email: 'dave@example.com', password: 'guess number ' + i } })
    const limited = await sessionGql(t, null, LOGIN, { input: { email: 'dave@example.com', password: PASSWORD } })
    expect(limited.status).toBe(429)
    expect(onlyError(limited)).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('too many login attempts'),
    })
    expect(limited.errors![0]!.extensions.retryAfter).toBeGreaterThan(0)
  })

  it('refuses every other operation without a credential', async () => {
    const response = await sessionGql(t, null, '{ viewer { scopes } }')
    expect(response.status).toBe(401)
    const mixed = await sessionGql(
      t,
      null,
      `mutation { login(input: { email: "x@example.com", password: "y" }) { role } productCreate(input: { title: "x" }) { product { id } } }`,
    )
    expect(onlyError(mixed)).toMatchObject({ code: 'UNAUTHENTICATED' })
  })
})

describe('passwords', () => {
  const CHANGE =
    'mutation ($input: PasswordChangeInput!) { passwordChange(input: $input) { user { email passwordChangedAt } eventPosition } }'
  const REQUEST = 'mutation ($input: PasswordResetRequestInput!) { passwordResetRequest(input: $input) { requested } }'
  const COMPLETE =
    'mutation ($input: PasswordResetCompleteInput!) { passwordResetComplete(input: $input) { completed } }'
  const NEW_PASSWORD = 'a brand new passphrase'
  const loginWith = (email: string, password: string) => sessionGql(t, null, LOGIN, { input: { email, password } })

  it('changes the password with the current one; other sessions end, this one goes on', async () => {
    const here = await signUp(t, 'erin@example.com')
    const elsewhere = cookieOf(await loginWith('erin@example.com', PASSWORD))!
    const wrong = await sessionGql(t, here.cookie, CHANGE, {
      input: { currentPassword: 'not it', newPassword: NEW_PASSWORD },
    })
    expect(onlyError(wrong)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'currentPassword'] })
    // The login above rotated nothing here: it started a second session.
    const changed = await sessionGql<{
      passwordChange: { user: { passwordChangedAt: string | null }; eventPosition: string }
    }>(t, here.cookie, CHANGE, {
      input: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    })
    expect(changed.errors).toBeUndefined()
    expect(changed.data!.passwordChange.user.passwordChangedAt).not.toBeNull()
    expect(changed.data!.passwordChange.eventPosition).toMatch(POSITION)
    expect((await sessionGql(t, here.cookie, VIEWER)).errors).toBeUndefined()
    expect((await sessionGql(t, elsewhere, VIEWER)).status).toBe(401)
    expect(onlyError(await loginWith('erin@example.com', PASSWORD)).code).toBe('UNAUTHENTICATED')
    expect((await loginWith('erin@example.com', NEW_PASSWORD)).errors).toBeUndefined()
  })

  it('refuses a password change to API keys and to requests without a session', async () => {
    const input = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }
    expect((await sessionGql(t, null, CHANGE, { input })).status).toBe(401)
    const tenant = await t.tenant('password-key')
    expect(onlyError(await t.gql(tenant.apiKey, CHANGE, { input }))).toEqual({
      code: 'FORBIDDEN',
      message: 'this is for signed-in people; an API key has no password',
    })
  })

  it('resets a forgotten password with a mailed code, ending every session', async () => {
    const mail = captureMail(t)
    const session = await signUp(t, 'frank@example.com')
    const requested = await sessionGql<{ passwordResetRequest: { requested: boolean } }>(t, null, REQUEST, {
      input: { email: 'FRANK@example.com' },
    })
    expect(requested.data!.passwordResetRequest.requested).toBe(true)
    const code = tokenIn(mail.last('password-reset', 'frank@example.com')?.text)

    const bad = await sessionGql(t, null, COMPLETE, { input: { token: 'x'.repeat(43), newPassword: NEW_PASSWORD } })
    expect(onlyError(bad)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'token'] })
    const weak = await sessionGql(t, null, COMPLETE, { input: { token: code, newPassword: 'short' } })
    expect(onlyError(weak)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'newPassword'] })

    const completed = await sessionGql<{ passwordResetComplete: { completed: boolean } }>(t, null, COMPLETE, {
      input: { token: code, newPassword: NEW_PASSWORD },
    })
    expect(completed.data!.passwordResetComplete.completed).toBe(true)
    expect((await sessionGql(t, session.cookie, VIEWER)).status).toBe(401)
    expect((await loginWith('frank@example.com', NEW_PASSWORD)).errors).toBeUndefined()
    // A code works once.
    expect(
      onlyError(await sessionGql(t, null, COMPLETE, { input: { token: code, newPassword: 'yet another passphrase' } }))
        .code,
    ).toBe('BAD_USER_INPUT')
  })

  it('answers a reset request for an unknown email the same, and mails nothing', async () => {
    const mail = captureMail(t)
    const requested = await sessionGql<{ passwordResetRequest: { requested: boolean } }>(t, null, REQUEST, {
      input: { email: 'ghost@example.com' },
    })
    expect(requested.data!.passwordResetRequest.requested).toBe(true)
    expect(mail.sent).toEqual([])
  })
})
