import type * as S3Module from '@aws-sdk/client-s3'
import type { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import type { BlobStore } from './port.js'
import { assertSafeKey } from './keys.js'

type S3Sdk = typeof S3Module

/** The one call the adapter makes; a fake of it tests the key layout without a network. */
export interface S3Sender {
  send(command: PutObjectCommand | GetObjectCommand | HeadObjectCommand | DeleteObjectCommand): Promise<unknown>
}

/**
 * Blobs in an S3-compatible bucket (`MEDIA_S3_BUCKET`). Credentials, region and endpoint come
 * from the SDK's usual sources: `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`,
 * `AWS_ENDPOINT_URL_S3` (MinIO, R2 …), profiles and instance roles.
 *
 * The SDK is loaded on the first blob operation, not with this module: it weighs some 25 MB of
 * memory, which every process that merely could reach the bucket (a projector, an API node
 * serving no media) would otherwise carry from the start.
 */
export function s3BlobStore(options: { bucket: string; forcePathStyle?: boolean; client?: S3Sender }): BlobStore {
  let connected: Promise<{ sdk: S3Sdk; client: S3Sender }> | undefined
  const connect = () =>
    (connected ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: options.client ?? new sdk.S3Client({ forcePathStyle: options.forcePathStyle ?? false }),
    })))
  const Bucket = options.bucket
  /** The key checked, then the SDK and client: what every operation starts from. */
  const object = async (key: string) => {
    assertSafeKey(key)
    return { Key: key, ...(await connect()) }
  }
  return {
    kind: 's3',
    async put(key, data, contentType) {
      const { Key, sdk, client } = await object(key)
      await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body: data, ContentType: contentType }))
    },
    async get(key) {
      const { Key, sdk, client } = await object(key)
      return unlessMissing(async () => {
        const output = (await client.send(new sdk.GetObjectCommand({ Bucket, Key }))) as {
          Body?: { transformToByteArray(): Promise<Uint8Array> }
        }
        return output.Body ? Buffer.from(await output.Body.transformToByteArray()) : null
      }, null)
    },
    async has(key) {
      const { Key, sdk, client } = await object(key)
      return unlessMissing(async () => {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key }))
        return true
      }, false)
    },
    async delete(key) {
      const { Key, sdk, client } = await object(key)
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }))
    },
  }
}

/** What `request` answers, or `missing` when the bucket has no such object; any other error is thrown. */
async function unlessMissing<T>(request: () => Promise<T>, missing: T): Promise<T> {
  try {
    return await request()
  } catch (error) {
    if (isMissing(error)) return missing
    throw error
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404
}
