import { expect } from 'vitest'
import { CapturingMailer } from '../../infra/mail/mailer.js'
import { useMailer } from '../../app/auth/account-services.js'
import type { GraphQLResponse, TestApp } from './app.js'

/** A browser's view of a signed-in person: the cookie pair it sends back (`name=value`). */
export interface BrowserSession {
  cookie: string
  userId: string
  organizationId: string
}

export const PASSWORD = 'correct horse battery staple'

export const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { user { id email } organization { id name } role sessionExpiresAt eventPosition } }`
export const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { user { id email } organization { id name } role sessionExpiresAt } }`

/** The `name=value` of the Set-Cookie a response carries, or null. */
export function cookieOf(response: GraphQLResponse<unknown>): string | null {
  const header = response.headers['set-cookie']
  const value = Array.isArray(header) ? header[0] : header
  return value ? value.split(';')[0]! : null
}

/** A GraphQL request as the admin UI sends it: the session cookie and JSON, no bearer key. */
export function sessionGql<Data = Record<string, unknown>>(
  t: TestApp,
  cookie: string | null,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return t.gql<Data>(null, query, variables, { ...(cookie ? { cookie } : {}), ...headers })
}

/** Signs up a person with their organization; fails the test on any error. */
export async function signUp(t: TestApp, email: string, organizationName = `Org of ${email}`): Promise<BrowserSession> {
  const response = await sessionGql<{ signUp: { user: { id: string }; organization: { id: string } } }>(
    t,
    null,
    SIGN_UP,
    {
      input: { email, password: PASSWORD, organizationName },
    },
  )
  expect(response.errors).toBeUndefined()
  return {
    cookie: cookieOf(response)!,
    userId: response.data!.signUp.user.id,
    organizationId: response.data!.signUp.organization.id,
  }
}

/** Mail goes to memory, where tests read tokens from. */
export function captureMail(t: TestApp): CapturingMailer {
  const mailer = new CapturingMailer()
  useMailer(t.platform, mailer)
  return mailer
}

/** The code a mail carries: the last line that looks like a token. */
export function tokenIn(text: string | undefined): string {
  const token = text
    ?.split('\n')
    .reverse()
    .find((line) => /^[A-Za-z0-9_-]{40,}$/.test(line.trim()))
  if (!token) throw new Error(`no token in mail: ${text}`)
  return token.trim()
}

/** Creates a store as the signed-in person, through GraphQL; fails the test on any error. */
export async function createStore(
  t: TestApp,
  session: BrowserSession,
  slug: string,
): Promise<{ id: string; slug: string }> {
  const response = await sessionGql<{ storeCreate: { store: { id: string; slug: string } } }>(
    t,
    session.cookie,
    'mutation ($input: StoreCreateInput!) { storeCreate(input: $input) { store { id slug } } }',
    { input: { name: `Store ${slug}`, slug } },
  )
  expect(response.errors).toBeUndefined()
  return response.data!.storeCreate.store
}
