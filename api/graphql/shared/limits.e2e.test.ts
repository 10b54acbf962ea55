import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../infra/config.js'
import { useTestApp, useTenant } from '../../../test/support/app.js'
import { onlyError } from '../../../test/support/products.js'
import { PASSWORD, SIGN_UP } from '../../../test/support/session.js'
import { fragmentFanOut, manyTokens } from '../../../test/support/hostile-documents.js'

// Document limits, refused before anything runs with QUERY_TOO_COMPLEX, for anonymous requests
// as for keys; and the anonymous cost budget, per client address.

const rateLimit = loadConfig({}).rateLimit
// A small anonymous plan (a sign-up costs 12), and keys that are never throttled.
const t = useTestApp({
  config: {
    rateLimit: {
      ...rateLimit,
      plans: {
        standard: { bucket: 1_000_000, restorePerSecond: 1_000_000 },
        anonymous: { bucket: 30, restorePerSecond: 0.01 },
      },
    },
  },
})
const shop = useTenant(t, 'limits-shop')

const signUpInput = (email: string) => ({ input: { email, password: PASSWORD, organizationName: `Org of ${email}` } })

describe('fragment fan-out', () => {
  it('refuses 21 fragments each spreading the previous twice, anonymous, before the sign-up runs', async () => {
    const query = fragmentFanOut({
      levels: 21,
      type: 'SignUpPayload',
      leaf: 'role',
      operation: 'mutation ($input: SignUpInput!) { signUp(input: $input) { ...F21 } }',
    })
    const refused = await t.gql(null, query, signUpInput('fan-out@example.com'))
    expect(refused.status).toBe(200)
    expect(refused.data).toBeNull()
    expect(onlyError(refused)).toEqual({
      code: 'QUERY_TOO_COMPLEX',
      message:
        'the operation selects more than 5000 fields once its fragments are spread out; spread each fragment once and split the query into several',
    })
    // Refused before it ran, so it took nothing from the anonymous budget (see the last test).
  })

  it('counts aliases through fragments as often as they are spread', async () => {
    const query = fragmentFanOut({
      levels: 6,
      type: '__Type',
      leaf: 'name',
      through: 'ofType',
      operation: '{ __type(name: "Query") { ...F6 } }',
    })
    expect(onlyError(await t.gql(shop.apiKey, query))).toEqual({
      code: 'QUERY_TOO_COMPLEX',
      message: 'the document uses more than 30 aliases; send fewer fields per request',
    })
  })
})

describe('document size', () => {
  it('stops parsing at 2000 tokens', async () => {
    const response = await t.gql(null, manyTokens(140_000))
    expect(response.status).toBe(401)
    const keyed = await t.gql(shop.apiKey, manyTokens(2500))
    expect(onlyError(keyed)).toEqual({
      code: 'QUERY_TOO_COMPLEX',
      message: 'the document has more than 2000 tokens; send a smaller one or split it into several requests',
    })
  })

  it('refuses a field repeated so often that checking it merges would take more than 10000 comparisons, before validation', async () => {
    const repeated = (n: number) => `{ ${'viewer { scopes } '.repeat(n)}}`
    expect(onlyError(await t.gql(shop.apiKey, repeated(71)))).toEqual({
      code: 'QUERY_TOO_COMPLEX',
      message:
        'the document selects the same fields so often that checking they merge takes more than 10000 comparisons; select each field once per selection set',
    })
    expect((await t.gql(shop.apiKey, repeated(70))).errors).toBeUndefined()
  })

  it('refuses more than 50 directives', async () => {
    const query = `{ viewer { ${Array.from({ length: 51 }, (_, i) => `s${i % 20}: scopes @include(if: true)`).join(' ')} } }`
    const errors = (await t.gql(shop.apiKey, query)).errors!
    expect(errors).toContainEqual(
      expect.objectContaining({
        message: 'the document uses more than 50 directives; send fewer per request',
        extensions: { code: 'QUERY_TOO_COMPLEX' },
      }),
    )
  })
})

describe('the anonymous budget', () => {
  it('charges anonymous operations to their address, answers 429 with Retry-After when spent, and leaves keys alone', async () => {
    const first = await t.gql(null, SIGN_UP, signUpInput('budget-1@example.com'))
    expect(first.errors).toBeUndefined()
    const second = await t.gql(null, SIGN_UP, signUpInput('budget-2@example.com'))
    expect(second.errors).toBeUndefined()

    const third = await t.gql(null, SIGN_UP, signUpInput('budget-3@example.com'))
    expect(third.status).toBe(429)
    expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(onlyError(third)).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^this address's query budget is spent: the query costs 12 points/),
    })

    const keyed = await t.gql(shop.apiKey, '{ viewer { scopes } }')
    expect(keyed.errors).toBeUndefined()
  })
})
