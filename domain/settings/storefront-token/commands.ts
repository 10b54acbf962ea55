import { z } from 'zod'
import type { StorefrontTokenCreated } from './events.js'

export const STOREFRONT_TOKEN_NAME_MAX_LENGTH = 100

const tokenName = z
  .string()
  .trim()
  .min(1, 'name must not be empty; name the front end that will use the token, e.g. "Next.js shop"')
  .max(STOREFRONT_TOKEN_NAME_MAX_LENGTH, `name must be at most ${STOREFRONT_TOKEN_NAME_MAX_LENGTH} characters`)

/** What a person asks for: a name. The token is made by app/settings/storefront-token/issue.ts. */
export const storefrontTokenCreateRequest = z.object({
  name: tokenName.describe('Names the front end that uses the token, e.g. "Next.js shop".'),
})
export type StorefrontTokenCreateRequest = z.infer<typeof storefrontTokenCreateRequest>

/** The input the token-issuing code sends once it has made the token: its id, hash and last four. */
export const storefrontTokenCreateInput = storefrontTokenCreateRequest.extend({
  tokenId: z.uuid('tokenId must be a UUID'),
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/, 'tokenHash must be the lowercase hex SHA-256 of the token'),
  last4: z.string().regex(/^[0-9A-Za-z_-]{4}$/, 'last4 must be the last 4 characters of the token'),
})
export type StorefrontTokenCreateInput = z.infer<typeof storefrontTokenCreateInput>

export const storefrontTokenRevokeInput = z.object({
  id: z.uuid('id must be the UUID of a storefront token').describe('The token to revoke.'),
})
export type StorefrontTokenRevokeInput = z.infer<typeof storefrontTokenRevokeInput>

export type StorefrontTokenCreate = { type: 'StorefrontTokenCreate'; data: StorefrontTokenCreated['data'] }
export type StorefrontTokenRevoke = { type: 'StorefrontTokenRevoke'; data: { tokenId: string } }
export type StorefrontTokenCommand = StorefrontTokenCreate | StorefrontTokenRevoke
