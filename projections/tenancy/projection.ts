import { sql, type Kysely } from 'kysely'
import type { ApiKeyCreated, ApiKeyRevoked, ApiKeyRotated } from '../../domain/tenancy/api-key/events.js'
import type { OrganizationCreated } from '../../domain/tenancy/organization/events.js'
import type { StoreCreated } from '../../domain/tenancy/store/events.js'
import type { RecordedEvent } from '../../infra/eventstore/port.js'
import type { Projection } from '../../infra/projections/projection.js'
import { STORE_CHANGE_EVENT_TYPES, applyStoreChange, storeConfigColumns } from './store-changes.js'
import type { TenancyTables } from './tables.js'

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
    await db.schema
      .createTable('organizations')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('stores')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('organization_id', 'uuid', (c) => c.notNull())
      .addColumn('store_id', 'uuid', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('default_locale', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('commerce_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .$call(storeConfigColumns)
      .execute()
    // Unique although reservations already guarantee it: a duplicate would mean a bug, and the
    // projection should stop on it rather than serve two stores under one host name.
    await db.schema.createIndex('stores_slug').on('stores').column('slug').unique().execute()
    await db.schema.createIndex('stores_organization').on('stores').columns(['organization_id', 'created_at']).execute()

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('organization_id', 'uuid', (c) => c.notNull())
      .addColumn('store_id', 'uuid')
      .addColumn('public_id', 'text', (c) => c.notNull())
      .addColumn('last4', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('scopes', sql`text[]`, (c) => c.notNull())
      .addColumn('store_ids', sql`uuid[]`)
      .addColumn('expires_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_by', 'jsonb')
      .addColumn('rotated_at', 'timestamptz')
      .execute()
    await db.schema.createIndex('api_keys_public_id').on('api_keys').column('public_id').unique().execute()
    await db.schema
      .createIndex('api_keys_organization')
      .on('api_keys')
      .columns(['organization_id', 'created_at'])
      .execute()
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
