import path from 'node:path'
import type { Config } from '../config.js'
import type { Database } from '../database/database.js'
import { stagedUploadSigningKey } from './staged-token.js'
import { filesystemBlobStore } from './storage/filesystem.js'
import type { BlobStore } from './storage/port.js'
import { s3BlobStore } from './storage/s3.js'
import { systemResolver, type Resolver, type UrlPolicy } from './url-guard.js'
import { VariantCache } from './variants.js'
import { oncePer } from '../once-per.js'

/** What media handling needs besides the platform: where bytes go, the limits, and how URLs are fetched. */
export interface MediaServices {
  blobs: BlobStore
  variants: VariantCache
  maxBytes: number
  maxPixels: number
  urlImport: { resolve: Resolver; policy: UrlPolicy; timeoutMs: number }
  signingKey(): Promise<Buffer>
}

/** The parts a caller may replace: tests hand in a temporary directory, a fake resolver, a test server's port. */
export type MediaOverrides = Partial<Pick<MediaServices, 'blobs' | 'maxBytes' | 'maxPixels'>> & {
  urlImport?: Partial<MediaServices['urlImport']>
}

interface PlatformLike {
  config: Config
  database: Database
}

const byPlatform = oncePer((platform: PlatformLike) => buildMediaServices(platform))

/** The media services of a platform, built from its configuration on first use. */
export function mediaServices(platform: PlatformLike): MediaServices {
  return byPlatform.get(platform)
}

/**
 * Replaces parts of a platform's media services. Only code can call this — no configuration
 * variable leads here — which is what keeps `urlImport.policy.testOnlyLoopbackPorts` out of
 * production.
 */
export function useMediaServices(platform: PlatformLike, overrides: MediaOverrides): MediaServices {
  const base = buildMediaServices(platform, overrides.blobs)
  const services: MediaServices = {
    ...base,
    ...overrides,
    variants: base.variants,
    urlImport: { ...base.urlImport, ...overrides.urlImport },
  }
  byPlatform.set(platform, services)
  return services
}

function buildMediaServices(platform: PlatformLike, blobsOverride?: BlobStore): MediaServices {
  const { config } = platform
  const blobs =
    blobsOverride ??
    (config.mediaS3Bucket
      ? s3BlobStore({ bucket: config.mediaS3Bucket, forcePathStyle: config.mediaS3ForcePathStyle })
      : filesystemBlobStore(path.join(config.dataDir, 'media')))
  let key: Promise<Buffer> | undefined
  return {
    blobs,
    variants: new VariantCache(blobs),
    maxBytes: config.mediaMaxBytes,
    maxPixels: config.mediaMaxPixels,
    urlImport: { resolve: systemResolver, policy: {}, timeoutMs: config.mediaUrlTimeoutMs },
    signingKey() {
      key ??= stagedUploadSigningKey(config.internalSecret, platform.database.db).catch((error: unknown) => {
        key = undefined
        throw error
      })
      return key
    },
  }
}
