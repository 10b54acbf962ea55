import type { InjectOptions } from 'fastify'
import type { Rng } from './prng.js'
import type { FuzzWorld } from './world.js'

/** A request that is malformed below GraphQL: body, headers, multipart framing. */
export interface HttpCase {
  name: string
  group: 'body' | 'header' | 'multipart' | 'get'
  request: InjectOptions
  /** The answer must be JSON (GraphQL routes); other routes may answer plain text. */
  json: boolean
}

const VIEWER = '{ viewer { __typename } }'
const SMALL_PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

/** One part of a multipart body: a field, or a file when it has a filename. */
type Part = { name: string; value: string | Buffer; filename?: string }

/** A `multipart/form-data` body from raw parts, so framing can be broken on purpose. */
function multipart(
  parts: Part[],
  options: { boundary?: string; close?: boolean } = {},
): { payload: Buffer; contentType: string } {
  const boundary = options.boundary ?? 'fuzzboundary'
  const chunks: Buffer[] = []
  for (const part of parts) {
    const file = part.filename ? `; filename="${part.filename}"\r\nContent-Type: image/png` : ''
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    )
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

const UPLOAD = JSON.stringify({
  query: 'mutation ($file: Upload!) { mediaCreate(input: {file: $file}) { media { id } } }',
  variables: { file: null },
})

function multipartCases(auth: Record<string, string>): HttpCase[] {
  const map = JSON.stringify({ 0: ['variables.file'] })
  const file = { name: '0', value: SMALL_PNG, filename: 'a.png' }
  /** The upload mutation with `mapValue` as its map, then `files` (the one PNG unless given). */
  const upload = (mapValue = map, files: Part[] = [file], options: { close?: boolean } = {}) =>
    multipart([{ name: 'operations', value: UPLOAD }, { name: 'map', value: mapValue }, ...files], options)
  const bodies: [string, { payload: Buffer; contentType: string }][] = [
    ['truncated', { ...upload(map, [file], { close: false }), payload: upload().payload.subarray(0, 200) }],
    ['no-closing-boundary', upload(map, [file], { close: false })],
    ['operations-not-json', multipart([{ name: 'operations', value: '{' }, { name: 'map', value: map }, file])],
    ['map-not-json', upload('nope')],
    ['map-is-list', upload('[]')],
    ['map-names-missing-file', upload(JSON.stringify({ 9: ['variables.file'] }), [])],
    ['map-path-not-list', upload(JSON.stringify({ 0: 'variables.file' }))],
    ['map-path-proto', upload(JSON.stringify({ 0: ['variables.__proto__.x'] }))],
    ['map-path-outside-variables', upload(JSON.stringify({ 0: ['query'] }))],
    ['map-path-deep-missing', upload(JSON.stringify({ 0: ['variables.a.b.c'] }))],
    ['file-before-operations', multipart([file, { name: 'operations', value: UPLOAD }, { name: 'map', value: map }])],
    ['no-operations', multipart([{ name: 'map', value: map }, file])],
    ['operations-null', multipart([{ name: 'operations', value: 'null' }, { name: 'map', value: map }, file])],
    [
      'operations-query-number',
      multipart([
        { name: 'operations', value: '{"query":1}' },
        { name: 'map', value: '{}' },
      ]),
    ],
    [
      'eleven-files',
      upload(
        map,
        Array.from({ length: 11 }, (_, i) => ({ ...file, name: String(i) })),
      ),
    ],
    ['twelve-fields', upload(map, [...Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, value: 'x' })), file])],
    [
      'huge-field',
      multipart([
        { name: 'operations', value: `{"query":"${'x'.repeat(1_100_000)}"}` },
        { name: 'map', value: map },
      ]),
    ],
    ['empty-body', { payload: Buffer.alloc(0), contentType: 'multipart/form-data; boundary=fuzzboundary' }],
    ['no-boundary', { payload: Buffer.from('--x\r\n'), contentType: 'multipart/form-data' }],
    [
      'garbage',
      { payload: Buffer.from('\u0000\u0001garbage'), contentType: 'multipart/form-data; boundary=fuzzboundary' },
    ],
  ]
  return bodies.map(([name, { payload, contentType }]) => ({
    name,
    group: 'multipart',
    json: true,
    request: { method: 'POST', url: '/graphql', headers: { ...auth, 'content-type': contentType }, payload },
  }))
}

/** Bodies, headers and multipart framing an integration gets wrong or an attacker sends on purpose. */
export function httpCases(world: FuzzWorld, rng: Rng): HttpCase[] {
  const key = world.a.tenant.apiKey
  const auth = { authorization: `Bearer ${key}` }
  const json = { ...auth, 'content-type': 'application/json' }
  const post = (name: string, payload: string, headers: Record<string, string> = json): HttpCase => ({
    name,
    group: 'body',
    json: true,
    request: { method: 'POST', url: '/graphql', headers, payload },
  })
  const header = (
    name: string,
    headers: Record<string, string>,
    body = JSON.stringify({ query: VIEWER }),
  ): HttpCase => ({
    name,
    group: 'header',
    json: true,
    request: {
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    },
  })
  const get = (name: string, url: string, json = true): HttpCase => ({
    name,
    group: 'get',
    json,
    request: { method: 'GET', url, headers: { ...auth, accept: 'application/json' } },
  })
  const viewer = (extra: string) => `{"query":${JSON.stringify(VIEWER)}${extra}}`
  const flipped = key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a')
  return [
    post('invalid-json', '{'),
    post('empty-body', ''),
    post('json-null', 'null'),
    post('json-string', '"query"'),
    post('json-number', '123'),
    post('empty-batch', '[]'),
    post('batch-of-numbers', '[1, 2]'),
    post('batch-of-11', JSON.stringify(Array(11).fill({ query: VIEWER }))),
    post('query-number', '{"query":123}'),
    post('query-null', '{"query":null}'),
    post('query-missing', '{}'),
    post('query-list', '{"query":["{ viewer { __typename } }"]}'),
    post('variables-string', viewer(',"variables":"{}"')),
    post('variables-list', viewer(',"variables":[]')),
    post('variables-number', viewer(',"variables":1')),
    post('extensions-null', viewer(',"extensions":null')),
    post('extensions-string', viewer(',"extensions":"x"')),
    post('operation-name-number', viewer(',"operationName":1')),
    post('operation-name-unknown', viewer(',"operationName":"Nope"')),
    post('duplicate-keys', `{"query":"{ nope }","query":${JSON.stringify(VIEWER)}}`),
    post('byte-order-mark', `\ufeff${viewer('')}`),
    post('body-2mb', viewer(`,"extensions":{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`)),
    post('deep-json-body', `${'['.repeat(100_000)}${']'.repeat(100_000)}`),
    post(
      'deep-list-literal',
      JSON.stringify({
        query: `{ products(filter: {tags: ${'['.repeat(10_000)}"x"${']'.repeat(10_000)}}) { totalCount } }`,
      }),
    ),
    post('deep-selection', JSON.stringify({ query: `{ viewer ${'{ a '.repeat(5_000)}${'}'.repeat(5_000)} }` })),
    post('many-tokens', JSON.stringify({ query: `{ viewer { ${'__typename '.repeat(50_000)}} }` })),
    post('many-directives', JSON.stringify({ query: `{ viewer ${'@skip(if: false) '.repeat(2_000)}{ __typename } }` })),
    post(
      'many-aliases',
      JSON.stringify({
        query: `{ ${Array.from({ length: 1_000 }, (_, i) => `a${i}: viewer { __typename }`).join(' ')} }`,
      }),
    ),
    post(
      'fragment-cycle',
      JSON.stringify({ query: '{ viewer { ...A } } fragment A on Viewer { ...B } fragment B on Viewer { ...A }' }),
    ),
    post('syntax-error', JSON.stringify({ query: '{ viewer { ' })),
    post('subscription', JSON.stringify({ query: 'subscription { viewer { __typename } }' })),
    post('two-anonymous-operations', JSON.stringify({ query: `${VIEWER} ${VIEWER}` })),
    post('nul-in-query', JSON.stringify({ query: '{ viewer { __typename } }\u0000' })),
    post('lone-surrogate-in-query', JSON.stringify({ query: '{ viewer { __typename } } # \ud800' })),
    post('content-type-text', viewer(''), { ...auth, 'content-type': 'text/plain' }),
    post('content-type-graphql', VIEWER, { ...auth, 'content-type': 'application/graphql' }),
    post('content-type-form', 'query=x', { ...auth, 'content-type': 'application/x-www-form-urlencoded' }),
    post('content-type-utf16', viewer(''), { ...auth, 'content-type': 'application/json; charset=utf-16' }),
    post('no-content-type', viewer(''), auth),
    post('accept-graphql-response', JSON.stringify({ query: '{ nope }' }), {
      ...json,
      accept: 'application/graphql-response+json',
    }),
    post('accept-xml', viewer(''), { ...json, accept: 'application/xml' }),
    header('x-store-huge', { ...auth, 'x-store': 'x'.repeat(10_000) }),
    header('x-store-other-tenant-slug', { ...auth, 'x-store': world.b.tenant.storeSlug }),
    header('x-store-other-tenant-id', { ...auth, 'x-store': world.b.tenant.storeId }),
    header('x-store-unknown', { ...auth, 'x-store': `nope-${rng.int(1e6)}` }),
    header('x-store-empty', { ...auth, 'x-store': '' }),
    header('x-store-non-ascii', { ...auth, 'x-store': 'ünï' }),
    header('x-store-nul', { ...auth, 'x-store': 'fuzz\u0000' }),
    header('position-20-digits-max', {
      ...auth,
      'x-consistency-position': '99999999999999999999-99999999999999999999',
    }),
    header('position-zero', { ...auth, 'x-consistency-position': '00000000000000000000-00000000000000000000' }),
    header('position-negative', { ...auth, 'x-consistency-position': '-1' }),
    header('position-words', { ...auth, 'x-consistency-position': 'latest' }),
    header('position-huge', { ...auth, 'x-consistency-position': '1'.repeat(10_000) }),
    header('auth-bearer-only', { authorization: 'Bearer' }),
    header('auth-bearer-space', { authorization: 'Bearer ' }),
    header('auth-basic', { authorization: 'Basic Zm9vOmJhcg==' }),
    header('auth-malformed-key', { authorization: 'Bearer wmk_x_y' }),
    header('auth-bad-checksum', { authorization: `Bearer ${flipped}` }),
    header('auth-trailing-garbage', { authorization: `Bearer ${key} extra` }),
    header('auth-lowercase-scheme', { authorization: `bearer ${key}` }),
    header('auth-huge', { authorization: `Bearer ${'a'.repeat(100_000)}` }),
    header('auth-nul', { authorization: `Bearer ${key}\u0000` }),
    header('auth-other-tenant-with-x-store', {
      authorization: `Bearer ${world.b.tenant.apiKey}`,
      'x-store': world.a.tenant.storeSlug,
    }),
    header('correlation-id-huge', { ...auth, 'x-correlation-id': 'c'.repeat(10_000) }),
    get('get-mutation', `/graphql?query=${encodeURIComponent('mutation { logout(input: {}) { __typename } }')}`),
    get('get-variables-not-json', `/graphql?query=${encodeURIComponent(VIEWER)}&variables=nope`),
    get('get-variables-list', `/graphql?query=${encodeURIComponent(VIEWER)}&variables=%5B%5D`),
    get('get-nul', '/graphql?query=%00'),
    get('get-no-query', '/graphql'),
    get('get-huge-query', `/graphql?query=${'x'.repeat(100_000)}`),
    get('storage-traversal', '/storage/..%2F..%2Fetc/passwd', false),
    get('storage-nul', `/storage/${world.a.tenant.storeId}/%00.png`, false),
    get('storage-bad-width', `/storage/${world.a.tenant.storeId}/abc.png?w=99999999999999999999`, false),
    ...multipartCases(auth),
  ]
}
