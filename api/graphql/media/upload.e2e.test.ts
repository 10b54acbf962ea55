import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { signStagedUpload } from '../../../infra/media/staged-token.js'
import { useTenant, useTestApp } from '../../../test/support/app.js'
import {
  image,
  MEDIA_FIELDS,
  multipartBody,
  uploadFile,
  useFileMedia,
  type MediaView,
} from '../../../test/support/media.js'

const t = useTestApp()
const shop = useTenant(t, 'uploads')
const media = useFileMedia(t)

describe('multipart uploads', () => {
  it('stores a PNG renamed .jpg with a lying content type as PNG, named for what it is', async () => {
    const { media: created, errors } = await uploadFile(
      t,
      shop.apiKey,
      { data: await image(64, 48), filename: 'holiday.jpg', contentType: 'image/jpeg' },
      { alt: 'Beach' },
    )
    expect(errors).toBeUndefined()
    expect(created).toMatchObject({
      kind: 'IMAGE',
      mimeType: 'image/png',
      filename: 'holiday.png',
      alt: 'Beach',
      width: 64,
      height: 48,
    })
    expect(created!.url).toBe(`/storage/${shop.storeId}/${created!.hash}.png`)
    const served = await t.app.inject({ method: 'GET', url: created!.url })
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png')
  })

  it('re-encodes images: orientation applied, metadata stripped', async () => {
    const rotated = await sharp(await image(30, 10, 'jpeg'))
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret GPS place' } } })
      .jpeg()
      .toBuffer()
    const { media: created } = await uploadFile(t, shop.apiKey, { data: rotated, filename: 'phone.jpg' })
    expect(created).toMatchObject({ mimeType: 'image/jpeg', width: 10, height: 30 })
    const stored = await t.app.inject({ method: 'GET', url: created!.url })
    const meta = await sharp(stored.rawPayload).metadata()
    expect({ orientation: meta.orientation, exif: meta.exif }).toEqual({ orientation: undefined, exif: undefined })
    expect(stored.rawPayload.includes(Buffer.from('secret GPS place'))).toBe(false)
  })

  it('keeps a PDF as a file, byte for byte', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
    const { media: created } = await uploadFile(t, shop.apiKey, {
      data: pdf,
      filename: 'size-guide.pdf',
      contentType: 'application/pdf',
    })
    expect(created).toMatchObject({
      kind: 'FILE',
      mimeType: 'application/pdf',
      width: null,
      height: null,
      bytes: pdf.length,
      filename: 'size-guide.pdf',
    })
    expect((await t.app.inject({ method: 'GET', url: created!.url })).rawPayload.equals(pdf)).toBe(true)
  })

  it.each([
    [
      'an SVG',
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/png',
      /SVG images are refused because they can carry scripts/,
    ],
    [
      'a text file',
      Buffer.from('just some words, nothing like an image'),
      'image/png',
      /not allowed.*judged by its content, not its name/,
    ],
    ['a TIFF', Buffer.from('49492a00080000000000', 'hex'), 'image/tiff', /image\/tiff file/],
    ['an empty file', Buffer.alloc(0), 'image/png', /the file is empty/],
  ])('refuses %s with BAD_USER_INPUT on input.file', async (_case, data, contentType, message) => {
    const { errors, media: created } = await uploadFile(t, shop.apiKey, { data, filename: 'x.png', contentType })
    expect(created).toBeNull()
    expect(errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: ['input', 'file'] } })
    expect(errors?.[0]?.message).toMatch(message)
  })

  it('refuses a 50 MP image before decoding it', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#2980b9' } })
      .png()
      .toBuffer()
    expect(huge.length).toBeLessThan(2 * 1024 * 1024)
    const { errors } = await uploadFile(t, shop.apiKey, { data: huge, filename: 'poster.png' })
    expect(errors?.[0]).toMatchObject({
      message: 'the image has 10000×5000 pixels (50 MP); the limit is 40 MP: scale it down and upload again',
      extensions: { code: 'BAD_USER_INPUT', field: ['input', 'file'] },
    })
  })

  it('refuses a 30 MB file with PAYLOAD_TOO_LARGE and the limit in the message', async () => {
    const { response, errors } = await uploadFile(t, shop.apiKey, {
      data: Buffer.alloc(30 * 1024 * 1024, 7),
      filename: 'big.png',
    })
    expect(response.statusCode).toBe(413)
    expect(errors).toEqual([
      {
        message: "the file 'big.png' (part 0) is larger than the 20 MB limit; upload a smaller file",
        extensions: { code: 'PAYLOAD_TOO_LARGE' },
      },
    ])
  })

  it('stores identical uploads once: two media, one blob', async () => {
    const data = await image(20, 20, 'webp', '#27ae60')
    const before = (await media.files()).length
    const first = await uploadFile(t, shop.apiKey, { data, filename: 'a.webp' })
    const second = await uploadFile(t, shop.apiKey, { data, filename: 'b.webp' })
    expect(first.media!.id).not.toBe(second.media!.id)
    expect(first.media!.hash).toBe(second.media!.hash)
    expect((await media.files()).length).toBe(before + 1)
  })

  it('checks the key before reading files, and needs products:write or webstore:write', async () => {
    const data = await image(8, 8)
    const anonymous = await uploadFile(t, 'wmk_nope', { data, filename: 'a.png' })
    expect(anonymous.response.statusCode).toBe(401)
    expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    const reader = await uploadFile(t, await t.key('uploads', ['products:read', 'webstore:read']), {
      data,
      filename: 'a.png',
    })
    expect(reader.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } })
    expect(reader.errors?.[0]?.message).toContain('products:write or webstore:write')
    const webstore = await uploadFile(t, await t.key('uploads', ['webstore:write']), { data, filename: 'a.png' })
    expect(webstore.media?.mimeType).toBe('image/png')
  })

  it('refuses requests that break the multipart spec, and Upload values written as JSON', async () => {
    const post = (payload: Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': contentType, authorization: `Bearer ${shop.apiKey}` },
        payload,
      })
    const query = 'mutation($input: MediaCreateInput!) { mediaCreate(input: $input) { media { id } } }'
    const noMap = multipartBody({ operations: JSON.stringify({ query, variables: { input: { file: null } } }) }, [])
    const noMapAnswer = await post(noMap.payload, noMap.contentType)
    expect(noMapAnswer.statusCode).toBe(400)
    expect(noMapAnswer.json().errors[0]).toMatchObject({
      message: expect.stringMatching(/needs an operations field and a map field/),
      extensions: { code: 'BAD_REQUEST' },
    })
    const outside = multipartBody({ operations: JSON.stringify({ query }), map: JSON.stringify({ 0: ['query'] }) }, [
      { name: '0', filename: 'a', contentType: 'x/y', data: Buffer.from('a') },
    ])
    expect((await post(outside.payload, outside.contentType)).json().errors[0].message).toMatch(
      /not a path into the variables/,
    )
    const forged = await t.gql(shop.apiKey, query, { input: { file: { filename: 'a.png', bytes: 'AAAA' } } })
    expect(forged.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } })
    expect(forged.errors?.[0]?.message).toMatch(/must be a file of a multipart request/)
  })
})

describe('staged uploads', () => {
  const stage = (input: Record<string, unknown>) =>
    t.gql<{
      mediaStagedUploadCreate: {
        stagedUpload: { stagedUploadId: string; url: string; method: string; expiresAt: string }
      }
    }>(
      shop.apiKey,
      'mutation($input: MediaStagedUploadCreateInput!) { mediaStagedUploadCreate(input: $input) { stagedUpload { stagedUploadId url method expiresAt } eventPosition } }',
      { input },
    )
  const create = (input: Record<string, unknown>) =>
    t.gql<{ mediaCreate: { media: MediaView } }>(
      shop.apiKey,
      `mutation($input: MediaCreateInput!) { mediaCreate(input: $input) { media { ${MEDIA_FIELDS} } } }`,
      { input },
    )
  const put = (url: string, payload: Buffer) =>
    t.app.inject({ method: 'PUT', url: new URL(url).pathname, headers: { 'content-type': 'image/png' }, payload })

  it('takes a file PUT to a signed URL, then creates the media from it', async () => {
    const data = await image(1200, 800, 'png', '#8e44ad')
    const staged = await stage({ filename: 'banner.png', mimeType: 'image/png', fileSize: data.length })
    const upload = staged.data!.mediaStagedUploadCreate.stagedUpload
    expect(upload).toMatchObject({
      method: 'PUT',
      url: expect.stringMatching(/^http:\/\/localhost(:80)?\/storage\/uploads\/[\w-]{76}$/),
    })
    expect(Date.parse(upload.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000)
    const response = await put(upload.url, data)
    expect(response.statusCode).toBe(200)
    const created = await create({ stagedUploadId: upload.stagedUploadId, alt: 'Banner' })
    expect(created.data?.mediaCreate.media).toMatchObject({
      mimeType: 'image/png',
      filename: 'banner.png',
      width: 1200,
      height: 800,
      alt: 'Banner',
    })
    // Taken once: the staged bytes are gone.
    const again = await create({ stagedUploadId: upload.stagedUploadId })
    expect(again.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: ['input', 'stagedUploadId'] },
    })
  })

  it('refuses tampered and expired URLs, and bodies of another size', async () => {
    const data = await image(10, 10)
    const upload = (await stage({ filename: 'a.png', mimeType: 'image/png', fileSize: data.length })).data!
      .mediaStagedUploadCreate.stagedUpload
    const token = Buffer.from(new URL(upload.url).pathname.split('/').pop()!, 'base64url')
    // The size is bytes 33-36 of the claims; a bigger size with the old signature must not pass.
    token.writeUInt32BE(50 * 1024 * 1024, 33)
    const tampered = await t.app.inject({
      method: 'PUT',
      url: `/storage/uploads/${token.toString('base64url')}`,
      payload: data,
    })
    expect(tampered.statusCode).toBe(403)
    expect(tampered.json().errors[0].message).toMatch(/signature does not match/)

    const key = await media.services.signingKey()
    const expired = signStagedUpload(key, {
      storeId: shop.storeId,
      uploadId: upload.stagedUploadId,
      fileSize: data.length,
      expiresAt: new Date(Date.now() - 1000),
    })
    const late = await t.app.inject({ method: 'PUT', url: `/storage/uploads/${expired}`, payload: data })
    expect(late.statusCode).toBe(403)
    expect(late.json().errors[0].message).toMatch(/expired at .*ask for a new one/)

    const over = await put(upload.url, Buffer.concat([data, data]))
    expect(over.statusCode).toBe(413)
    expect(over.json().errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE')
    const short = await put(upload.url, data.subarray(1))
    expect(short.statusCode).toBe(400)
    expect(short.json().errors[0].extensions.code).toBe('BAD_REQUEST')
  })

  it('validates the request: size within the limit, allowed types, a usable name; ids of another store find nothing', async () => {
    expect(
      (await stage({ filename: 'a.png', mimeType: 'image/png', fileSize: 21 * 1024 * 1024 })).errors?.[0],
    ).toMatchObject({ extensions: { field: ['input', 'fileSize'] } })
    expect((await stage({ filename: 'a.svg', mimeType: 'image/svg+xml', fileSize: 10 })).errors?.[0]?.message).toMatch(
      /SVG images are refused/,
    )
    expect((await stage({ filename: 'a/b.png', mimeType: 'image/png', fileSize: 10 })).errors?.[0]).toMatchObject({
      extensions: { field: ['input', 'filename'] },
    })
    const data = await image(10, 10)
    const upload = (await stage({ filename: 'a.png', mimeType: 'image/png', fileSize: data.length })).data!
      .mediaStagedUploadCreate.stagedUpload
    await put(upload.url, data)
    const other = await t.tenant('uploads-other')
    const stolen = await t.gql(
      other.apiKey,
      'mutation($input: MediaCreateInput!) { mediaCreate(input: $input) { media { id } } }',
      { input: { stagedUploadId: upload.stagedUploadId } },
    )
    expect(stolen.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: ['input', 'stagedUploadId'] },
    })
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')
    const refused = (await stage({ filename: 'a.png', mimeType: 'image/png', fileSize: svg.length })).data!
      .mediaStagedUploadCreate.stagedUpload
    await put(refused.url, svg)
    expect((await create({ stagedUploadId: refused.stagedUploadId })).errors?.[0]?.message).toMatch(
      /SVG images are refused/,
    )
    expect((await create({ stagedUploadId: refused.stagedUploadId })).errors?.[0]?.message).toMatch(
      /nothing was uploaded/,
    )
    const both = await create({ stagedUploadId: upload.stagedUploadId, file: null })
    expect((await create({})).errors?.[0]).toMatchObject({ extensions: { field: ['input', 'file'] } })
    expect(both.data?.mediaCreate.media.mimeType).toBe('image/png')
  })
})
