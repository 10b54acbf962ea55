import { z } from 'zod'
import { dateTimeInput } from '../../shared/input-types.js'
import { ALL_SCOPES, isScope, type Scope } from '../../shared/scopes.js'
import type { ApiKeyCreated } from './events.js'

export const API_KEY_NAME_MAX_LENGTH = 100

const BASE62 = /^[0-9A-Za-z]+$/

/** Deduplicated, in the order of `ALL_SCOPES`, so equal grants always read the same. */
export function canonicalScopes(scopes: readonly Scope[]): Scope[] {
  return ALL_SCOPES.filter((scope) => scopes.includes(scope))
}

const scope = z.custom<Scope>((value) => typeof value === 'string' && isScope(value), {
  message: `unknown scope; use one of ${ALL_SCOPES.join(', ')}`,
})

/**
 * The input the key-issuing code sends once it has made the token: the id and the token's
 * public parts, never the secret.
 */
export const apiKeyCreateInput = z.object({
  keyId: z.uuid('keyId must be a UUID'),
  name: z
    .string()
    .trim()
    .min(1, 'name must not be empty; name the integration that will use the key')
    .max(API_KEY_NAME_MAX_LENGTH, `name must be at most ${API_KEY_NAME_MAX_LENGTH} characters`),
  scopes: z
    .array(scope, { error: `scopes must be a list, e.g. ["products:read"]; valid: ${ALL_SCOPES.join(', ')}` })
    .min(1, `give at least one scope, e.g. products:read; valid: ${ALL_SCOPES.join(', ')}`)
    .transform(canonicalScopes),
  // Required although null is allowed: reaching every store must be asked for, never a default.
  storeIds: z
    .array(z.uuid('each store id must be a UUID'), {
      error: 'storeIds must be a list of store ids, or null for every store of the organization',
    })
    .min(1, 'give at least one store id, or null for every store of the organization')
    .transform((ids) => [...new Set(ids)])
    .nullable(),
  expiresAt: dateTimeInput('expiresAt')
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  publicId: z.string().length(12, 'publicId must be 12 characters').regex(BASE62, 'publicId must be base62'),
  last4: z.string().length(4, 'last4 must be 4 characters').regex(BASE62, 'last4 must be base62'),
})
export type ApiKeyCreateInput = z.infer<typeof apiKeyCreateInput>

export const apiKeyRevokeInput = z.object({
  id: z.uuid('id must be the UUID of an API key'),
})
export type ApiKeyRevokeInput = z.infer<typeof apiKeyRevokeInput>

/** Longest overlap of a rotation: the old secret keeps working at most this long. */
export const MAX_ROTATION_OVERLAP_SECONDS = 30 * 24 * 3600
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 24 * 3600

/** What a person asks for when rotating: which key, and how long the old secret may still be used. */
export const apiKeyRotateRequest = z.object({
  id: z.uuid('id must be the UUID of an API key'),
  overlapSeconds: z
    .number({ error: 'overlapSeconds must be a number of seconds' })
    .int('overlapSeconds must be a whole number of seconds')
    .min(0, 'overlapSeconds must be 0 (the old secret stops at once) or more')
    .max(MAX_ROTATION_OVERLAP_SECONDS, `overlapSeconds must be at most ${MAX_ROTATION_OVERLAP_SECONDS} (30 days)`)
    .nullish()
    .transform((value) => value ?? DEFAULT_ROTATION_OVERLAP_SECONDS),
})
export type ApiKeyRotateRequest = z.infer<typeof apiKeyRotateRequest>

/** The rotation as the key-issuing code sends it, with the new token's public parts. */
export const apiKeyRotateInput = apiKeyRotateRequest.extend({
  publicId: z.string().length(12, 'publicId must be 12 characters').regex(BASE62, 'publicId must be base62'),
  last4: z.string().length(4, 'last4 must be 4 characters').regex(BASE62, 'last4 must be base62'),
})
export type ApiKeyRotateInput = z.infer<typeof apiKeyRotateInput>

/** Records exactly the public facts the event will carry. */
export type ApiKeyCreate = { type: 'ApiKeyCreate'; data: ApiKeyCreated['data'] }

export type ApiKeyRevoke = { type: 'ApiKeyRevoke'; data: { keyId: string } }

export type ApiKeyRotate = {
  type: 'ApiKeyRotate'
  data: { keyId: string; publicId: string; last4: string; overlapSeconds: number }
}

export type ApiKeyCommand = ApiKeyCreate | ApiKeyRevoke | ApiKeyRotate
