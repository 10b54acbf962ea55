import { z } from 'zod'
import type { StorefrontTokenRecord } from '../../../projections/settings/storefront-token/queries.js'
import { maskedStorefrontToken } from './token.js'

/** A storefront token as GraphQL's `StorefrontToken` and the MCP tools serve it; never the token itself. */
export const storefrontTokenViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  last4: z.string().describe("The token's last four characters."),
  masked: z.string().describe('How listings show the token: sfp_…<last4>.'),
  status: z.enum(['ACTIVE', 'REVOKED']),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
})

export type StorefrontTokenView = z.infer<typeof storefrontTokenViewSchema>

export function toStorefrontTokenView(token: StorefrontTokenRecord): StorefrontTokenView {
  const { id, name, last4, status } = token
  return {
    id,
    name,
    last4,
    masked: maskedStorefrontToken(last4),
    status,
    createdAt: token.createdAt.toISOString(),
    revokedAt: token.revokedAt?.toISOString() ?? null,
  }
}
