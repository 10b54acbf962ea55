import { createHmac, timingSafeEqual } from 'node:crypto'
import type { AnyDb } from '../database/database.js'
import { platformSigningKey } from '../signing/platform-key.js'
import { uuidBytes, uuidText } from '../signing/uuid-bytes.js'

/** How long a staged upload URL can be used. */
export const STAGED_UPLOAD_TTL_MS = 15 * 60 * 1000

/** What a staged upload URL allows: one PUT of `fileSize` bytes into one store, until `expiresAt`. */
export interface StagedUploadGrant {
  storeId: string
  uploadId: string
  fileSize: number
  expiresAt: Date
}

const VERSION = 1
const CLAIMS_LENGTH = 1 + 16 + 16 + 4 + 4
/** 128 bits of HMAC-SHA256: plenty against forgery, and the token stays one short path segment. */
const MAC_LENGTH = 16

/**
 * The token in `PUT /storage/uploads/<token>`: version, store id, upload id, size and expiry
 * packed in 41 bytes, then the truncated HMAC over them, in base64url (76 characters, under the
 * router's limit for a path parameter). Self-contained, so any API node can check it without a
 * lookup.
 */
export function signStagedUpload(key: Buffer, grant: StagedUploadGrant): string {
  const claims = Buffer.alloc(CLAIMS_LENGTH)
  claims.writeUInt8(VERSION, 0)
  uuidBytes(grant.storeId).copy(claims, 1)
  uuidBytes(grant.uploadId).copy(claims, 17)
  claims.writeUInt32BE(grant.fileSize, 33)
  claims.writeUInt32BE(Math.floor(grant.expiresAt.getTime() / 1000), 37)
  return Buffer.concat([claims, mac(key, claims)]).toString('base64url')
}

export type StagedUploadCheck =
  | { ok: true; grant: StagedUploadGrant }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired'; expiredAt?: Date }

/** Checks the signature in constant time, then the expiry. */
export function verifyStagedUpload(key: Buffer, token: string, now: Date): StagedUploadCheck {
  const raw = /^[\w-]+$/.test(token) ? Buffer.from(token, 'base64url') : Buffer.alloc(0)
  if (raw.length !== CLAIMS_LENGTH + MAC_LENGTH) return { ok: false, reason: 'malformed' }
  const claims = raw.subarray(0, CLAIMS_LENGTH)
  if (!timingSafeEqual(raw.subarray(CLAIMS_LENGTH), mac(key, claims))) return { ok: false, reason: 'signature' }
  if (claims.readUInt8(0) !== VERSION) return { ok: false, reason: 'malformed' }
  const expiresAt = new Date(claims.readUInt32BE(37) * 1000)
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired', expiredAt: expiresAt }
  return {
    ok: true,
    grant: {
      storeId: uuidText(claims.subarray(1, 17)),
      uploadId: uuidText(claims.subarray(17, 33)),
      fileSize: claims.readUInt32BE(33),
      expiresAt,
    },
  }
}

function mac(key: Buffer, claims: Buffer): Buffer {
  return createHmac('sha256', key).update('emporium staged upload').update(claims).digest().subarray(0, MAC_LENGTH)
}

/** The key that signs staged uploads (infra/signing/platform-key.ts). */
export function stagedUploadSigningKey(internalSecret: string | undefined, db: AnyDb): Promise<Buffer> {
  return platformSigningKey(internalSecret, db, { label: 'media staged uploads v1', name: 'staged-uploads' })
}
