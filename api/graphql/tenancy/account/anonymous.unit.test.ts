import { describe, expect, it } from 'vitest'
import { isAnonymousRequest } from './anonymous.js'

describe('isAnonymousRequest', () => {
  it('lets through mutations made only of account operations', () => {
    expect(
      isAnonymousRequest({ query: 'mutation { login(input: { email: "a@b.co", password: "x" }) { role } }' }),
    ).toBe(true)
    expect(isAnonymousRequest({ query: 'mutation A { signUp(input: $i) { role } __typename }' })).toBe(true)
    expect(
      isAnonymousRequest([
        { query: 'mutation { logout { loggedOut } }' },
        { query: 'mutation { passwordResetRequest(input: { email: "a@b.co" }) { requested } }' },
      ]),
    ).toBe(true)
  })

  it('refuses anything else mixed in, queries, fragments at the root and unparsable text', () => {
    expect(
      isAnonymousRequest({
        query: 'mutation { login(input: {}) { role } productCreate(input: {}) { eventPosition } }',
      }),
    ).toBe(false)
    expect(isAnonymousRequest({ query: '{ viewer { scopes } }' })).toBe(false)
    expect(
      isAnonymousRequest({ query: 'mutation { ...F } fragment F on Mutation { apiKeyCreate(input: {}) { secret } }' }),
    ).toBe(false)
    expect(isAnonymousRequest({ query: 'mutation {' })).toBe(false)
    expect(isAnonymousRequest('mutation { login { role } }')).toBe(false)
    expect(isAnonymousRequest([])).toBe(false)
    expect(
      isAnonymousRequest([{ query: 'mutation { logout { loggedOut } }' }, { query: '{ apiKeys { totalCount } }' }]),
    ).toBe(false)
  })

  it('judges the operation that will run when a document holds several', () => {
    const query = 'mutation In { login(input: {}) { role } } mutation Out { apiKeyRevoke(input: {}) { eventPosition } }'
    expect(isAnonymousRequest({ query, operationName: 'In' })).toBe(true)
    expect(isAnonymousRequest({ query, operationName: 'Out' })).toBe(false)
    expect(isAnonymousRequest({ query })).toBe(false)
  })
})
