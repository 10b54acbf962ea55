import { beforeAll, describe, expect, it } from 'vitest'
import { useTenant, useTestApp } from '../../test/support/app.js'
import { useFileMedia } from '../../test/support/media.js'
import { rawRequest } from '../../test/support/raw-http.js'

const t = useTestApp()
const shop = useTenant(t, 'staged-put')
useFileMedia(t)
let origin: string

beforeAll(async () => {
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
})

/** A staged upload URL for `fileSize` bytes, as a client gets it, pointed at the listening server. */
async function stagedUrl(fileSize: number): Promise<string> {
  const staged = await t.gql<{ mediaStagedUploadCreate: { stagedUpload: { url: string } } }>(
    shop.apiKey,
    'mutation($input: MediaStagedUploadCreateInput!) { mediaStagedUploadCreate(input: $input) { stagedUpload { url } } }',
    { input: { filename: 'big.png', mimeType: 'image/png', fileSize } },
  )
  expect(staged.errors).toBeUndefined()
  return `${origin}${new URL(staged.data!.mediaStagedUploadCreate.stagedUpload.url).pathname}`
}

/** More than loopback socket buffers hold, so a server that kept reading would take it all. */
const FLOOD = 64 * 1024 * 1024

describe('PUT /storage/uploads/<token> over its declared fileSize, on a real socket', () => {
  it('answers 413 from Content-Length before reading, and the client receives it while still sending', async () => {
    const declared = 8 * 1024 * 1024
    const answer = await rawRequest(await stagedUrl(1000), {
      method: 'PUT',
      headers: { 'content-type': 'image/png', 'content-length': String(declared) },
      totalBytes: declared,
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({
      errors: [
        {
          message:
            'Content-Length says 8388608 bytes but this upload URL takes at most 1000 (the fileSize it was created with); ask for a new upload URL with the right fileSize',
          extensions: { code: 'PAYLOAD_TOO_LARGE' },
        },
      ],
    })
  })

  it('answers 413 to a chunked body once it passes fileSize, and stops reading it', async () => {
    const answer = await rawRequest(await stagedUrl(100_000), {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      totalBytes: FLOOD,
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body).errors[0]).toMatchObject({
      message: expect.stringMatching(/^the body ran past the 100000 bytes this upload URL takes/),
      extensions: { code: 'PAYLOAD_TOO_LARGE' },
    })
    // The server closed the connection instead of draining the flood.
    expect(answer.written).toBeLessThan(FLOOD / 2)
  })

  it('answers 400 to a Content-Length short of fileSize without reading, and takes the exact size', async () => {
    const url = await stagedUrl(5000)
    const short = await rawRequest(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', 'content-length': '4000' },
      totalBytes: 4000,
    })
    expect(short.status).toBe(400)
    expect(JSON.parse(short.body).errors[0]).toMatchObject({
      message: expect.stringMatching(/has 4000 bytes but fileSize announced 5000/),
      extensions: { code: 'BAD_REQUEST' },
    })
    const exact = await rawRequest(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', 'content-length': '5000' },
      totalBytes: 5000,
    })
    expect(exact.status).toBe(200)
    expect(JSON.parse(exact.body)).toMatchObject({ bytes: 5000 })
  })
})
