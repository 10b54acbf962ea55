import {
  STOREFRONT_TOKEN_EVENT_TYPES,
  type StorefrontTokenEvent,
} from '../../../domain/settings/storefront-token/events.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { storeOf } from '../../shared/store-of.js'
import { createStorefrontTokenTables, type StorefrontTokenDb } from './tables.js'

/** The `storefront_tokens` read model: what the admin lists and what the storefront API authenticates by. */
export const storefrontTokensProjection: Projection = {
  name: 'storefront_tokens',
  version: 1,
  eventTypes: STOREFRONT_TOKEN_EVENT_TYPES,
  tables: ['storefront_tokens'],
  storeTables: ['storefront_tokens'],
  createTables: createStorefrontTokenTables,
  async apply(recorded: RecordedEvent, trx: AnyDb): Promise<void> {
    const db: StorefrontTokenDb = trx
    const event = { type: recorded.type, data: recorded.data } as StorefrontTokenEvent
    switch (event.type) {
      case 'StorefrontTokenCreated': {
        const { tokenId, name, tokenHash, last4 } = event.data
        await db
          .insertInto('storefront_tokens')
          .values({
            store_id: storeOf(recorded),
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
          .where('store_id', '=', storeOf(recorded))
          .where('id', '=', event.data.tokenId)
          .execute()
        return
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
}
