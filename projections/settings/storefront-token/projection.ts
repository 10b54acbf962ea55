import {
  STOREFRONT_TOKEN_EVENT_TYPES,
  type StorefrontTokenEvent,
} from '../../../domain/settings/storefront-token/events.js'
import { createStorefrontTokenTables, STOREFRONT_TOKENS_TABLE, type StorefrontTokenDb } from './tables.js'
import { storeProjection } from '../../shared/entity-projection.js'

/** The `storefront_tokens` read model: what the admin lists and what the storefront API authenticates by. */
export const storefrontTokensProjection = storeProjection({
  version: 1,
  eventTypes: STOREFRONT_TOKEN_EVENT_TYPES,
  tables: [STOREFRONT_TOKENS_TABLE],
  createTables: createStorefrontTokenTables,
  async apply(event: StorefrontTokenEvent, db: StorefrontTokenDb, { storeId, recorded }) {
    switch (event.type) {
      case 'StorefrontTokenCreated': {
        const { tokenId, name, tokenHash, last4 } = event.data
        await db
          .insertInto('storefront_tokens')
          .values({
            store_id: storeId,
            organization_id: recorded.metadata.organizationId,
            id: tokenId,
            name,
            token_hash: tokenHash,
            last4,
            status: 'ACTIVE',
            created_at: recorded.metadata.occurredAt,
            revoked_at: null,
          })
          .onConflict((c) => c.columns(['store_id', 'id']).doNothing())
          .execute()
        return
      }
      case 'StorefrontTokenRevoked':
        await db
          .updateTable('storefront_tokens')
          .set({ status: 'REVOKED', revoked_at: recorded.metadata.occurredAt })
          .where('store_id', '=', storeId)
          .where('id', '=', event.data.tokenId)
          .execute()
        return
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
})
