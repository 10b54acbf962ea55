import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { BlobStore } from './port.js'
import { assertSafeKey } from './keys.js'

/** The one call the adapter makes; a fake of it tests the key layout without a network. */
export interface S3Sender {
  send(command: PutObjectCommand | GetObjectCommand | HeadObjectCommand | DeleteObjectCommand): Promise<unknown>
}

/**
 * Blobs in an S3-compatible bucket (`MEDIA_S3_BUCKET`). Credentials, region and endpoint come
 * from the SDK's usual sources: `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`,
 * `AWS_ENDPOINT_URL_S3` (MinIO, R2 …), profiles and instance roles.
 */
export function s3BlobStore(options: { bucket: string; forcePathStyle?: boolean; client?: S3Sender }): BlobStore {
  const client: S3Sender = options.client ?? new S3Client({ forcePathStyle: options.forcePathStyle ?? false })
  const Bucket = options.bucket
  const checked = (key: string) => {
    assertSafeKey(key)
    return key
  }
  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: data, ContentType: contentType }))
    },
    async get(key) {
      try {
        const output = (await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }))) as { Body?: { transformToByteArray(): Promise<Uint8Array> } }
        return output.Body ? Buffer.from(await output.Body.transformToByteArray()) : null
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }))
        return true
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }))
    },
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404
}
