import { DomainError } from '../../domain/shared/errors.js'
import type { AnyDb } from '../../infra/database/database.js'
import { activeTokenStore } from '../../projections/settings/storefront-token/queries.js'
import { hashStorefrontToken, isStorefrontTokenShaped } from '../settings/storefront-token/token.js'

/** The header a front end sends its token in (Shopify's name). */
export const STOREFRONT_TOKEN_HEADER = 'x-storefront-access-token'

/**
 * Checks a storefront token against the store whose host was asked. A missing, malformed,
 * revoked or unknown token and a token of another store all answer the same UNAUTHENTICATED, so
 * a token reveals nothing about stores other than its own.
 */
export async function authenticateStorefrontToken(db: AnyDb, storeId: string, header: unknown): Promise<void> {
  const token = typeof header === 'string' ? header.trim() : ''
  if (!token)
    throw new DomainError(
      'UNAUTHENTICATED',
      'send a storefront token in the X-Storefront-Access-Token header; create one with the admin API mutation storefrontTokenCreate',
    )
  const owner = isStorefrontTokenShaped(token) ? await activeTokenStore(db, hashStorefrontToken(token)) : null
  if (owner !== storeId)
    throw new DomainError(
      'UNAUTHENTICATED',
      'the storefront token is not valid for this store: it is unknown, revoked or mistyped; copy it again or create a new one with storefrontTokenCreate',
    )
}
