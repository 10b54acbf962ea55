import type { Kysely } from 'kysely'
import type { ApiKeyCreated, ApiKeyRevoked, ApiKeyRotated } from '../../domain/tenancy/api-key/events.js'
import type { OrganizationCreated } from '../../domain/tenancy/organization/events.js'
import type { StoreCreated } from '../../domain/tenancy/store/events.js'
import type { RecordedEvent } from '../../infra/eventstore/port.js'
import type { Projection } from '../../infra/projections/projection.js'
import { createTable } from '../shared/table.js'
import { STORE_CHANGE_EVENT_TYPES, applyStoreChange } from './store-changes.js'
import { API_KEYS_TABLE, ORGANIZATIONS_TABLE, STORES_TABLE, type TenancyTables } from './tables.js'

/**
 * Organizations, their stores and API keys: what authentication and store selection read on
 * every request. All three come from organization-scoped streams, so there are no store tables
 * to rebuild per store.
 */
export const tenancyProjection: Projection = {
  name: 'tenancy',
  // 2: api_keys.created_by and rotated_at, and rotations. 3: store configuration columns (status, locales, timezone, …).
  // 4: api_keys.last_used_at left for app/auth's credential_usage, which a rebuild does not touch.
  version: 4,
  eventTypes: [
    'OrganizationCreated',
    'StoreCreated',
    'ApiKeyCreated',
    'ApiKeyRevoked',
    'ApiKeyRotated',
    ...STORE_CHANGE_EVENT_TYPES,
  ],
  tables: ['organizations', 'stores', 'api_keys'],
  storeTables: [],
  async createTables(db) {
    for (const spec of [ORGANIZATIONS_TABLE, STORES_TABLE, API_KEYS_TABLE]) await createTable(db, spec)
  },
  async apply(event, trx) {
    const db = trx as Kysely<TenancyTables>
    const at = new Date(event.metadata.occurredAt)
    if (await applyStoreChange(event, db)) return
    switch (event.type) {
      case 'OrganizationCreated': {
        const data = dataOf<OrganizationCreated>(event)
        await db
          .insertInto('organizations')
          .values({ id: data.organizationId, name: data.name, created_at: at })
          .execute()
        return
      }
      case 'StoreCreated': {
        const data = dataOf<StoreCreated>(event)
        await db
          .insertInto('stores')
          .values({
            id: data.storeId,
            organization_id: data.organizationId,
            store_id: data.storeId,
            slug: data.slug,
            name: data.name,
            default_locale: data.defaultLocale,
            currency: data.currency,
            created_at: at,
            updated_at: at,
          })
          .execute()
        return
      }
      case 'ApiKeyCreated': {
        const data = dataOf<ApiKeyCreated>(event)
        await db
          .insertInto('api_keys')
          .values({
            id: data.keyId,
            organization_id: data.organizationId,
            store_id: null,
            public_id: data.publicId,
            last4: data.last4,
            name: data.name,
            scopes: data.scopes,
            store_ids: data.storeIds,
            expires_at: data.expiresAt,
            created_at: at,
            created_by: JSON.stringify(event.metadata.actor),
          })
          .execute()
        return
      }
      case 'ApiKeyRevoked': {
        const data = dataOf<ApiKeyRevoked>(event)
        await db
          .updateTable('api_keys')
          .set({ revoked_at: at })
          .where('id', '=', data.keyId)
          .where('revoked_at', 'is', null)
          .execute()
        return
      }
      case 'ApiKeyRotated': {
        const data = dataOf<ApiKeyRotated>(event)
        await db
          .updateTable('api_keys')
          .set({ public_id: data.publicId, last4: data.last4, rotated_at: at })
          .where('id', '=', data.keyId)
          .execute()
        return
      }
    }
  },
}

function dataOf<Event extends { data: object }>(event: RecordedEvent): Event['data'] {
  return event.data as Event['data']
}
