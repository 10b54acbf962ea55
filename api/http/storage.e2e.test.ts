import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { imageStats } from '../../infra/media/image.js'
import { useTenant, useTestApp } from '../../test/support/app.js'
import { image, uploadFile, useFileMedia, type MediaView } from '../../test/support/media.js'

const t = useTestApp()
const shop = useTenant(t, 'served-shop')
const media = useFileMedia(t)
let photo: MediaView
let pdf: MediaView

beforeAll(async () => {
  photo = (await uploadFile(t, shop.apiKey, { data: await image(1000, 500, 'jpeg'), filename: 'photo.jpg' })).media!
  pdf = (await uploadFile(t, shop.apiKey, { data: Buffer.from('%PDF-1.7\n%%EOF\n'), filename: 'terms.pdf' })).media!
})

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })

describe('GET /storage', () => {
  it('serves the bytes with immutable caching and headers that keep browsers from running anything', async () => {
    const response = await get(photo.url)
    expect(response.statusCode).toBe(200)
    expect(response.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${photo.hash}"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    })
    expect(response.rawPayload.length).toBe(photo.bytes)
    expect((await get(`/storage/${shop.storeId}/${photo.hash}`)).statusCode).toBe(200)
    expect((await get(pdf.url)).headers['content-type']).toBe('application/pdf')
  })

  it('answers 304 to a second fetch with If-None-Match', async () => {
    const first = await get(photo.url)
    const second = await get(photo.url, { 'if-none-match': String(first.headers.etag) })
    expect(second.statusCode).toBe(304)
    expect(second.rawPayload.length).toBe(0)
    expect(second.headers).toMatchObject({
      etag: first.headers.etag,
      'cache-control': 'public, max-age=31536000, immutable',
    })
    expect((await get(photo.url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200)
  })

  it('renders a variant once, stores it, and serves it from storage afterwards', async () => {
    const url = `${photo.url}?w=320&format=webp`
    const runsBefore = imageStats.runs
    const writesBefore = media.writes.length
    const [first, concurrent] = await Promise.all([get(url), get(url)])
    const third = await get(url)
    for (const response of [first, concurrent, third]) {
      expect(response.statusCode).toBe(200)
      expect(response.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        etag: `"${photo.hash}-320-webp"`,
      })
    }
    expect(imageStats.runs - runsBefore).toBe(1)
    expect(media.writes.slice(writesBefore)).toEqual([`${shop.storeId}/${photo.hash}_w320.webp`])
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 160 })
    expect(third.rawPayload.equals(first.rawPayload)).toBe(true)
    expect((await get(url, { 'if-none-match': `"${photo.hash}-320-webp"` })).statusCode).toBe(304)
  })

  it('keeps the format without format=, converts to AVIF, and never enlarges', async () => {
    const sized = await get(`${photo.url}?w=640`)
    expect(await sharp(sized.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 640 })
    const avif = await get(`${photo.url}?format=avif`)
    expect(avif.headers['content-type']).toBe('image/avif')
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ format: 'heif', width: 1000 })
    expect(await sharp((await get(`${photo.url}?w=2560`)).rawPayload).metadata()).toMatchObject({ width: 1000 })
  })

  it('sends a resized photo as AVIF or WebP to a browser that takes it, saying it varies on Accept', async () => {
    const url = `${photo.url}?w=320`
    const avif = await get(url, { accept: 'image/avif,image/webp,image/apng,*/*;q=0.8' })
    expect(avif.headers['content-type']).toBe('image/avif')
    expect(avif.headers.vary).toBe('Accept')
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ format: 'heif', width: 320 })
    const webp = await get(url, { accept: 'image/webp,*/*' })
    expect(webp.headers['content-type']).toBe('image/webp')
    expect(webp.headers.etag).not.toBe(avif.headers.etag)
    const plain = await get(url, { accept: '*/*' })
    expect(plain.headers['content-type']).toBe('image/jpeg')
    expect(plain.headers.vary).toBe('Accept')
    // The original and an explicit format stay as asked, whatever the browser takes.
    expect((await get(photo.url, { accept: 'image/avif' })).headers['content-type']).toBe('image/jpeg')
    expect((await get(`${url}&format=webp`, { accept: 'image/avif' })).headers['content-type']).toBe('image/webp')
  })

  it.each([
    ['an unknown width', '?w=333', /w must be one of 160, 320, 640, 960, 1280, 1920, 2560/],
    ['a width that is not a number', '?w=big', /w must be one of/],
    ['an unknown format', '?format=bmp', /format must be one of webp, avif/],
  ])('answers 400 to %s', async (_case, query, message) => {
    const response = await get(`${photo.url}${query}`)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[0]).toMatchObject({
      message: expect.stringMatching(message),
      extensions: { code: 'BAD_USER_INPUT' },
    })
  })

  it('answers 400 to a variant of a file that is not an image', async () => {
    expect((await get(`${pdf.url}?w=320`)).statusCode).toBe(400)
  })

  it("answers 404 for another store's id, a wrong extension, unknown hashes and malformed paths", async () => {
    const other = await t.tenant('served-other')
    for (const url of [
      `/storage/${other.storeId}/${photo.hash}.jpg`,
      `/storage/${shop.storeId}/${photo.hash}.png`,
      `/storage/${shop.storeId}/${'0'.repeat(64)}.jpg`,
      `/storage/${shop.storeId}/..%2F..%2Fetc%2Fpasswd`,
      `/storage/not-a-store/${photo.hash}.jpg`,
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['cache-control'], url).toBe('no-store')
    }
  })

  it('stops serving a media once it is deleted', async () => {
    const lone = (
      await uploadFile(t, shop.apiKey, { data: await image(12, 12, 'png', '#123456'), filename: 'lone.png' })
    ).media!
    expect((await get(lone.url)).statusCode).toBe(200)
    await t.gql(shop.apiKey, 'mutation($id: ID!) { mediaDelete(input: {id: $id}) { deletedId } }', { id: lone.id })
    expect((await get(lone.url)).statusCode).toBe(404)
  })
})
