import { describe, expect, it } from 'vitest'
import { expectErrorBody, postGraphQL, useTestApp, useTenant } from '../../test/support/app.js'
import { onlyError } from '../../test/support/products.js'

// The transport rules of /graphql (GraphQL-over-HTTP, API-CONVENTIONS.md "Errors"): what is
// not a GraphQL request answers BAD_REQUEST 400, and a client accepting
// application/graphql-response+json gets 4xx without `data` for requests that never ran.

const t = useTestApp()
const shop = useTenant(t, 'http-shop')

const GRAPHQL_RESPONSE = 'application/graphql-response+json'

const post = (payload: string, headers: Record<string, string> = {}) =>
  postGraphQL(t.app, payload, { authorization: `Bearer ${shop.apiKey}`, ...headers })

describe('a body that is not a GraphQL request', () => {
  it.each([
    ['query as a number', { query: 123 }, '"query" in the body must be a GraphQL document as a string; got a number'],
    [
      'query as an object',
      { query: { kind: 'Document' } },
      '"query" in the body must be a GraphQL document as a string; got an object',
    ],
    ['no query', { variables: {} }, '"query" in the body must be a GraphQL document as a string; got nothing'],
    [
      'an empty query',
      { query: ' ' },
      '"query" in the body must be a GraphQL document as a string; got an empty string',
    ],
    [
      'operationName as a number',
      { query: '{ viewer { scopes } }', operationName: 1 },
      '"operationName" in the body must be a string or null; got a number',
    ],
    [
      'variables as a string',
      { query: '{ viewer { scopes } }', variables: '{}' },
      '"variables" in the body must be a JSON object or null; got a string',
    ],
    [
      'variables as an array',
      { query: '{ viewer { scopes } }', variables: [] },
      '"variables" in the body must be a JSON object or null; got an array',
    ],
    [
      'extensions as a number',
      { query: '{ viewer { scopes } }', extensions: 1 },
      '"extensions" in the body must be a JSON object or null; got a number',
    ],
    ['a JSON string', '{ viewer { scopes } }', 'the body must be a JSON object with a "query" string; got a string'],
    ['an empty batch', [], 'the batch is empty; send at least one {"query": …} object'],
    [
      'a batch item that is not an object',
      [{ query: '{ viewer { scopes } }' }, 7],
      'the batch item 1 must be a JSON object with a "query" string; got a number',
    ],
  ])('answers %s with 400 BAD_REQUEST', async (_case, body, message) => {
    const response = await post(JSON.stringify(body))
    expectErrorBody(response, 400, 'BAD_REQUEST', message)
  })

  it('takes null variables and null extensions as none', async () => {
    const response = await post(
      JSON.stringify({ query: '{ viewer { scopes } }', variables: null, extensions: null, operationName: null }),
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ data: { viewer: { scopes: expect.arrayContaining(['products:write']) } } })
  })

  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['form data', 'application/x-www-form-urlencoded'],
  ])('answers a %s body with 415 BAD_REQUEST', async (_case, contentType) => {
    const response = await post(JSON.stringify({ query: '{ viewer { scopes } }' }), { 'content-type': contentType })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({
      errors: [
        { extensions: { code: 'BAD_REQUEST' }, message: expect.stringContaining('Content-Type: application/json') },
      ],
    })
  })

  it('answers GET variables that are not JSON with 400 BAD_REQUEST', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('{viewer{scopes}}')}&variables=nope`,
      headers: { authorization: `Bearer ${shop.apiKey}` },
    })
    expectErrorBody(
      response,
      400,
      'BAD_REQUEST',
      '"variables" in the query string is not valid JSON; send a URL-encoded JSON object',
    )
  })

  it('refuses a query sent as a JSON syntax tree, which would skip the token limit', async () => {
    const response = await post(JSON.stringify({ query: JSON.stringify({ kind: 'Document', definitions: [] }) }))
    expect(response.statusCode).toBe(200)
    expect(onlyError({ status: 200, data: null, errors: response.json().errors, headers: {} })).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('not a GraphQL document'),
    })
  })
})

describe('application/graphql-response+json', () => {
  const accept = { accept: `${GRAPHQL_RESPONSE}, application/json;q=0.9` }

  it('answers with that media type, 200 with data when the operation ran', async () => {
    const response = await post(JSON.stringify({ query: '{ viewer { scopes } product(id: "nope") { id } }' }), accept)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe(`${GRAPHQL_RESPONSE}; charset=utf-8`)
    expect(response.json()).toMatchObject({ data: { viewer: { scopes: expect.any(Array) } } })
  })

  it.each([
    ['a syntax error', '{ viewer { ', undefined, 'BAD_USER_INPUT'],
    ['an unknown field', '{ viewer { nope } }', undefined, 'BAD_USER_INPUT'],
    [
      'a variable of the wrong type',
      'query ($n: Int) { products(first: $n) { totalCount } }',
      { n: 'ten' },
      'BAD_USER_INPUT',
    ],
    [
      'a query over the cost limit',
      `{ ${[1, 2, 3, 4, 5].map((i) => `p${i}: products(first: 250) { nodes { id } }`).join(' ')} }`,
      undefined,
      'QUERY_TOO_COMPLEX',
    ],
  ])('answers %s with 400 and no data', async (_case, query, variables, code) => {
    const response = await post(JSON.stringify({ query, variables }), accept)
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toBe(`${GRAPHQL_RESPONSE}; charset=utf-8`)
    const body = response.json()
    expect(body).not.toHaveProperty('data')
    expect(body.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code }) })])
  })

  it('answers a malformed body and a missing credential with their own statuses', async () => {
    expect((await post('{"query": 1}', accept)).statusCode).toBe(400)
    const anonymous = await post(JSON.stringify({ query: '{ viewer { scopes } }' }), { ...accept, authorization: '' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.headers['content-type']).toBe(`${GRAPHQL_RESPONSE}; charset=utf-8`)
  })

  it('keeps answering 200 with data: null to an application/json client', async () => {
    const response = await post(JSON.stringify({ query: '{ viewer { nope } }' }), { accept: 'application/json' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.json()).toMatchObject({ data: null, errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] })
  })
})

describe('X-Consistency-Position', () => {
  const read = (position: string) =>
    t.gql(shop.apiKey, '{ viewer { scopes } }', undefined, { 'x-consistency-position': position })

  it.each([
    ['two 20-digit numbers past 64 bits', '99999999999999999999-99999999999999999999'],
    ['a global position past a bigint', '00000000000000000001-09223372036854775808'],
    ['a transaction id past an xid8', '18446744073709551616-00000000000000000001'],
  ])('refuses %s with BAD_USER_INPUT', async (_case, position) => {
    const response = await read(position)
    expect(response.status).toBe(200)
    expect(onlyError(response)).toEqual({
      code: 'BAD_USER_INPUT',
      message: `X-Consistency-Position '${position}' is beyond any position the event log can hold; send an eventPosition a mutation returned`,
    })
  })

  it('refuses a value that is not a position, and reads at the largest one the log can hold', async () => {
    expect(onlyError(await read('12-34'))).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('is not a position'),
    })
    const largest = await read('18446744073709551615-09223372036854775807')
    expect(largest.errors).toBeUndefined()
    expect(largest.data).toMatchObject({ viewer: { scopes: expect.any(Array) } })
  })
})
