import { DomainError } from '../../../domain/shared/errors.js'
import {
  STOREFRONT_TOKEN_SORTS,
  findStorefrontToken,
  listStorefrontTokens as listTokenRecords,
  type ListStorefrontTokensArgs,
} from '../../../projections/settings/storefront-token/queries.js'
import { requireScope, requireStore, type Caller } from '../../caller.js'
import { toStorefrontTokenView, type StorefrontTokenView } from './view.js'
import { viewFinder, viewLister } from '../../shared/store-reads.js'

export { STOREFRONT_TOKEN_SORTS }
export type { ListStorefrontTokensArgs }

function tokenStore(caller: Caller): string {
  requireScope(caller, 'settings:read')
  return requireStore(caller).id
}

/** One token of the selected store, or null: a write's read-back. */
export const findStorefrontTokenView = viewFinder(tokenStore, findStorefrontToken, toStorefrontTokenView)

/** One token of the selected store; NOT_FOUND for another store's id, exactly as for an unknown one. */
export async function readStorefrontToken(caller: Caller, id: string): Promise<StorefrontTokenView> {
  const token = await findStorefrontTokenView(caller, id)
  if (!token)
    throw new DomainError(
      'NOT_FOUND',
      `storefront token '${id}' does not exist in this store; list storefrontTokens to find its id`,
      { field: ['id'] },
    )
  return token
}

/** The store's tokens, revoked ones included, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export const listStorefrontTokens = viewLister(tokenStore, listTokenRecords, toStorefrontTokenView)
