/**
 * Where media bytes live: a directory by default, an S3-compatible bucket in production. Keys
 * are made by `keys.ts` only; writes replace whole objects, so a reader sees all or nothing.
 */
export interface BlobStore {
  readonly kind: 'filesystem' | 's3'
  put(key: string, data: Buffer, contentType: string): Promise<void>
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>
  has(key: string): Promise<boolean>
  delete(key: string): Promise<void>
}
