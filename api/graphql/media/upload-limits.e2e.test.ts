import { beforeAll, describe, expect, it } from 'vitest'
import { useTenant, useTestApp } from '../../../test/support/app.js'
import { image, multipartBody, useFileMedia, type FilePart } from '../../../test/support/media.js'
import { rawRequest } from '../../../test/support/raw-http.js'

// What a multipart request may carry, and what it gets when it carries more or is not multipart.

const MAX_BYTES = 100_000
const t = useTestApp()
const shop = useTenant(t, 'upload-limits')
useFileMedia(t, { maxBytes: MAX_BYTES })

const QUERY = 'mutation($input: MediaCreateInput!) { mediaCreate(input: $input) { media { id } } }'
const OPERATIONS = JSON.stringify({ query: QUERY, variables: { input: { file: null } } })
const MAP = JSON.stringify({ 0: ['variables.input.file'] })
const file = (name: string, data = Buffer.from('%PDF-1.4\n%%EOF\n')): FilePart => ({
  name,
  filename: `${name}.pdf`,
  contentType: 'application/pdf',
  data,
})

const post = (payload: Buffer | string, contentType: string) =>
  t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': contentType, authorization: `Bearer ${shop.apiKey}` },
    payload,
  })

const mediaCount = async () =>
  (await t.gql<{ medias: { totalCount: number } }>(shop.apiKey, '{ medias { totalCount } }')).data!.medias.totalCount

/** The answer as a client sees it: status and the one error's code and message, with nothing else in the body. */
async function refusal(response: Awaited<ReturnType<typeof post>>) {
  const body = response.json() as { errors: { message: string; extensions: Record<string, unknown> }[] }
  expect(Object.keys(body)).toEqual(['errors'])
  expect(body.errors).toHaveLength(1)
  expect(Object.keys(body.errors[0]!.extensions)).toEqual(['code'])
  return { status: response.statusCode, code: body.errors[0]!.extensions.code, message: body.errors[0]!.message }
}

describe('multipart limits answer PAYLOAD_TOO_LARGE (413) and create nothing', () => {
  it('takes 10 files, refuses 11', async () => {
    const before = await mediaCount()
    const eleven = multipartBody(
      { operations: OPERATIONS, map: MAP },
      Array.from({ length: 11 }, (_, i) => file(String(i))),
    )
    expect(await refusal(await post(eleven.payload, eleven.contentType))).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'a multipart request may carry at most 10 files; send the others in another request',
    })
    expect(await mediaCount()).toBe(before)
    const ten = multipartBody(
      { operations: OPERATIONS, map: MAP },
      Array.from({ length: 10 }, (_, i) => file(String(i))),
    )
    expect((await post(ten.payload, ten.contentType)).json().data.mediaCreate.media.id).toEqual(expect.any(String))
  })

  it('refuses more than 10 fields', async () => {
    const fields: Record<string, string> = { operations: OPERATIONS, map: MAP }
    for (let i = 0; i < 9; i++) fields[`extra${i}`] = 'x'
    const body = multipartBody(fields, [file('0')])
    expect(await refusal(await post(body.payload, body.contentType))).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'a multipart request may carry at most 10 fields and 10 files; send only operations, map and the files',
    })
  })

  it('refuses an operations field over 1 MB', async () => {
    const body = multipartBody(
      {
        operations: JSON.stringify({
          query: QUERY,
          variables: { input: { file: null, alt: 'a'.repeat(1024 * 1024) } },
        }),
        map: MAP,
      },
      [file('0')],
    )
    expect(await refusal(await post(body.payload, body.contentType))).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'the operations field is larger than the 1 MB limit; send less per request',
    })
  })

  it('refuses a file over the media byte limit, and takes one at the limit', async () => {
    const before = await mediaCount()
    const over = multipartBody({ operations: OPERATIONS, map: MAP }, [
      { ...file('0', Buffer.alloc(MAX_BYTES + 1, 1)), filename: 'huge.png' },
    ])
    expect(await refusal(await post(over.payload, over.contentType))).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: "the file 'huge.png' (part 0) is larger than the 98 KB limit; upload a smaller file",
    })
    expect(await mediaCount()).toBe(before)
    const png = await image(10, 10)
    const padded = Buffer.concat([png, Buffer.alloc(MAX_BYTES - png.length)])
    const at = multipartBody({ operations: OPERATIONS, map: MAP }, [
      { name: '0', filename: 'edge.png', contentType: 'image/png', data: padded },
    ])
    expect((await post(at.payload, at.contentType)).statusCode).toBe(200)
  })
})

describe('malformed multipart answers BAD_REQUEST (400)', () => {
  const whole = multipartBody({ operations: OPERATIONS, map: MAP }, [file('0')])
  const boundary = whole.contentType.split('boundary=')[1]!

  it.each([
    [
      'a body cut inside the file',
      whole.payload.subarray(0, whole.payload.length - 30),
      whole.contentType,
      /malformed or cut short/,
    ],
    ['a body cut inside the fields', whole.payload.subarray(0, 60), whole.contentType, /malformed or cut short/],
    [
      'no boundary in the content type',
      whole.payload,
      'multipart/form-data',
      /malformed or cut short \(Multipart: Boundary not found\)/,
    ],
    ['a body that is not multipart at all', 'hello world', whole.contentType, /malformed or cut short/],
    ['an empty body', '', whole.contentType, /needs an operations field and a map field/],
    [
      'a broken part header',
      `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n${'x'.repeat(100)}`,
      whole.contentType,
      /malformed or cut short/,
    ],
  ])('%s', async (_case, payload, contentType, message) => {
    const answer = await refusal(await post(payload, contentType))
    expect(answer).toMatchObject({ status: 400, code: 'BAD_REQUEST' })
    expect(answer.message).toMatch(message)
    expect(answer.message).toMatch(/graphql-multipart-request spec/)
  })

  it.each([
    ['operations missing', { map: MAP }, [file('0')], /operations and map fields must come before the files/],
    ['operations not JSON', { operations: '{nope', map: MAP }, [file('0')], /the operations field is not valid JSON/],
    ['map not JSON', { operations: OPERATIONS, map: '{nope' }, [file('0')], /the map field is not valid JSON/],
    ['map not an object', { operations: OPERATIONS, map: '["0"]' }, [file('0')], /map must be a JSON object/],
    [
      'map naming a file that is not there',
      { operations: OPERATIONS, map: JSON.stringify({ 7: ['variables.input.file'] }) },
      [file('0')],
      /map names the file part '7', but the request has no such file/,
    ],
    [
      'map paths not a list',
      { operations: OPERATIONS, map: JSON.stringify({ 0: 'variables.input.file' }) },
      [file('0')],
      /map\['0'\] must be a list of variable paths/,
    ],
    [
      'map path leading nowhere',
      { operations: OPERATIONS, map: JSON.stringify({ 0: ['variables.nothing.here'] }) },
      [file('0')],
      /does not lead to a variable/,
    ],
    [
      'a part named __proto__',
      { operations: OPERATIONS, map: MAP },
      [file('__proto__')],
      /named like a built-in property/,
    ],
  ])('%s', async (_case, fields, files, message) => {
    const body = multipartBody(fields as Record<string, string>, files)
    const answer = await refusal(await post(body.payload, body.contentType))
    expect(answer).toMatchObject({ status: 400, code: 'BAD_REQUEST' })
    expect(answer.message).toMatch(message)
  })

  it('refuses operations sent twice', async () => {
    const body = multipartBody({ operations: OPERATIONS, map: MAP }, [])
    const twice = Buffer.concat([
      Buffer.from(
        `--${body.contentType.split('boundary=')[1]}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{}\r\n`,
      ),
      body.payload,
    ])
    expect(await refusal(await post(twice, body.contentType))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/the operations field appears twice/),
    })
  })
})

describe('on a real socket', () => {
  const FLOOD = 64 * 1024 * 1024
  let origin: string
  beforeAll(async () => {
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })

  /** A multipart request whose one file never ends: the head is sent, then filler until the connection closes. */
  const flood = (headers: Record<string, string>) => {
    const body = multipartBody({ operations: OPERATIONS, map: MAP }, [file('0', Buffer.alloc(0))])
    const head = body.payload.subarray(0, body.payload.indexOf('\r\n--', body.payload.indexOf('filename=')))
    return rawRequest(`${origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': body.contentType, ...headers },
      totalBytes: FLOOD,
      prefix: head,
    })
  }

  it('answers 413 to a file over the limit while the client is still sending, and stops reading', async () => {
    const answer = await flood({ authorization: `Bearer ${shop.apiKey}` })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body).errors[0]).toMatchObject({ extensions: { code: 'PAYLOAD_TOO_LARGE' } })
    expect(answer.written).toBeLessThan(FLOOD / 2)
  })

  it('answers 401 to a request without a credential before reading its body', async () => {
    const answer = await flood({})
    expect(answer.status).toBe(401)
    expect(JSON.parse(answer.body).errors[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } })
    expect(answer.written).toBeLessThan(FLOOD / 2)
  })
})
