import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { blobKeys } from './keys.js'
import { s3BlobStore, type S3Sender } from './s3.js'

const STORE = '01900000-0000-7000-8000-00000000a001'
const HASH = 'ab'.repeat(32)

/** Records what the adapter asks S3 for; no network. */
function fakeS3(objects = new Map<string, Buffer>()) {
  const sent: { command: string; input: Record<string, unknown> }[] = []
  const client: S3Sender = {
    async send(command) {
      const input = command.input as unknown as Record<string, unknown>
      sent.push({ command: command.constructor.name, input })
      const key = String(input.Key)
      if (command instanceof PutObjectCommand) objects.set(key, input.Body as Buffer)
      if (command instanceof DeleteObjectCommand) objects.delete(key)
      if (command instanceof GetObjectCommand || command instanceof HeadObjectCommand) {
        const body = objects.get(key)
        if (!body)
          throw Object.assign(new Error('missing'), {
            name: command instanceof GetObjectCommand ? 'NoSuchKey' : 'NotFound',
          })
        return { Body: { transformToByteArray: async () => new Uint8Array(body) } }
      }
      return {}
    },
  }
  return { client, sent }
}

describe('S3 blob store', () => {
  it('writes, reads and deletes objects under the content-addressed keys of the layout', async () => {
    const { client, sent } = fakeS3()
    const blobs = s3BlobStore({ bucket: 'shop-media', client })
    await blobs.put(blobKeys.original(STORE, HASH), Buffer.from('png bytes'), 'image/png')
    await blobs.put(blobKeys.variant(STORE, HASH, 640, 'webp'), Buffer.from('webp'), 'image/webp')
    expect((await blobs.get(blobKeys.original(STORE, HASH)))?.toString()).toBe('png bytes')
    expect(await blobs.has(blobKeys.staged(STORE, 'upload-1'))).toBe(false)
    expect(await blobs.get(`${STORE}/${'cd'.repeat(32)}`)).toBeNull()
    await blobs.delete(blobKeys.original(STORE, HASH))
    expect(sent.map((s) => [s.command, s.input.Bucket, s.input.Key, s.input.ContentType])).toEqual([
      ['PutObjectCommand', 'shop-media', `${STORE}/${HASH}`, 'image/png'],
      ['PutObjectCommand', 'shop-media', `${STORE}/${HASH}_w640.webp`, 'image/webp'],
      ['GetObjectCommand', 'shop-media', `${STORE}/${HASH}`, undefined],
      ['HeadObjectCommand', 'shop-media', `staged/${STORE}/upload-1`, undefined],
      ['GetObjectCommand', 'shop-media', `${STORE}/${'cd'.repeat(32)}`, undefined],
      ['DeleteObjectCommand', 'shop-media', `${STORE}/${HASH}`, undefined],
    ])
  })

  it('refuses keys outside the layout before any request', async () => {
    const { client, sent } = fakeS3()
    const blobs = s3BlobStore({ bucket: 'b', client })
    for (const key of ['../other-bucket/x', `${STORE}/../x`, '/absolute', 'Upper/Case', 'a//b']) {
      await expect(blobs.get(key)).rejects.toThrow('unsafe blob key')
    }
    expect(sent).toEqual([])
  })

  it('names full-size variants and staged uploads apart from originals', () => {
    expect(blobKeys.variant(STORE, HASH, null, 'avif')).toBe(`${STORE}/${HASH}_full.avif`)
    expect(blobKeys.staged(STORE, 'u')).toBe(`staged/${STORE}/u`)
  })
})
