import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { MEDIA_FIELDS, image, multipartBody, useFileMedia, type MediaView } from '../../../test/support/media.js'
import { createStore, signUp, type BrowserSession } from '../../../test/support/session.js'

// Multipart uploads take every credential /graphql takes: a bearer key, or the session cookie
// with the CSRF header the README tells cookie clients to add.

const t = useTestApp()
let owner: BrowserSession
let store: { id: string; slug: string }
useFileMedia(t)

beforeAll(async () => {
  owner = await signUp(t, 'uploader@example.com')
  store = await createStore(t, owner, 'cookie-uploads')
})

async function upload(headers: Record<string, string>) {
  const operations = JSON.stringify({
    query: `mutation($input: MediaCreateInput!) { mediaCreate(input: $input) { media { ${MEDIA_FIELDS} } } }`,
    variables: { input: { file: null, alt: 'From the admin' } },
  })
  const body = multipartBody({ operations, map: JSON.stringify({ 0: ['variables.input.file'] }) }, [
    { name: '0', filename: 'logo.png', contentType: 'image/png', data: await image(16, 16) },
  ])
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': body.contentType, ...headers },
    payload: body.payload,
  })
  const json = response.json() as {
    data?: { mediaCreate: { media: MediaView } } | null
    errors?: { message: string; extensions: { code: string } }[]
  }
  return { status: response.statusCode, media: json.data?.mediaCreate.media ?? null, errors: json.errors }
}

const medias = async () =>
  (
    await t.gql<{ medias: { totalCount: number } }>(
      null,
      '{ medias { totalCount } }',
      {},
      { cookie: owner.cookie, 'x-store': store.id },
    )
  ).data!.medias.totalCount

describe('multipart uploads with the session cookie', () => {
  it('upload with the cookie and X-Emporium-CSRF: 1, as the admin UI sends them', async () => {
    const answer = await upload({ cookie: owner.cookie, 'x-emporium-csrf': '1', 'x-store': store.slug })
    expect(answer.errors).toBeUndefined()
    expect(answer.media).toMatchObject({
      mimeType: 'image/png',
      filename: 'logo.png',
      alt: 'From the admin',
      width: 16,
    })
    expect(answer.media!.url).toBe(`/storage/${store.id}/${answer.media!.hash}.png`)
  })

  it('refuse a cookie upload without the CSRF header, or from another site, and store nothing', async () => {
    const before = await medias()
    for (const headers of [{}, { 'x-emporium-csrf': '1', origin: 'https://evil.example' }] as Record<
      string,
      string
    >[]) {
      const answer = await upload({ cookie: owner.cookie, 'x-store': store.slug, ...headers })
      expect(answer.status).toBe(200)
      expect(answer.errors?.[0]?.extensions.code).toBe('FORBIDDEN')
    }
    expect(await medias()).toBe(before)
  })

  it('answer 401 to a cookie that is no session, and to no credential at all', async () => {
    const forged = `${owner.cookie.split('=')[0]}=${'x'.repeat(43)}`
    for (const headers of [
      { cookie: forged, 'x-emporium-csrf': '1' },
      { cookie: 'unrelated=1', 'x-emporium-csrf': '1' },
      {},
    ] as Record<string, string>[]) {
      const answer = await upload(headers)
      expect(answer.status).toBe(401)
      expect(answer.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    }
  })
})
