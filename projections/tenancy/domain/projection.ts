import type { Kysely } from 'kysely'
import { STORE_DOMAIN_EVENT_TYPES, type StoreDomainEvent } from '../../../domain/tenancy/domain/events.js'
import type { Projection } from '../../../infra/projections/projection.js'
import type { StoreDomainTables } from './tables.js'

/** Custom domains of every store: what `storeDomains` lists and host resolution looks up. */
export const storeDomainsProjection: Projection = {
  name: 'store_domains',
  version: 1,
  eventTypes: STORE_DOMAIN_EVENT_TYPES,
  tables: ['store_domains'],
  storeTables: ['store_domains'],
  async createTables(db) {
    await db.schema
      .createTable('store_domains')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('store_id', 'uuid', (c) => c.notNull())
      .addColumn('organization_id', 'uuid', (c) => c.notNull())
      .addColumn('hostname', 'text', (c) => c.notNull())
      .addColumn('verification_token', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('is_primary', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('verification_message', 'text')
      .addColumn('verified_at', 'timestamptz')
      .addColumn('last_checked_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute()
    // Unique although reservations already guarantee it: one host name must never serve two stores.
    await db.schema.createIndex('store_domains_hostname').on('store_domains').column('hostname').unique().execute()
    await db.schema.createIndex('store_domains_store').on('store_domains').columns(['store_id', 'created_at']).execute()
  },
  async apply(recorded, trx) {
    const db = trx as Kysely<StoreDomainTables>
    const at = new Date(recorded.metadata.occurredAt)
    const event = { type: recorded.type, data: recorded.data } as StoreDomainEvent
    const row = (domainId: string) => db.updateTable('store_domains').where('id', '=', domainId)
    switch (event.type) {
      case 'StoreDomainAdded': {
        const { domainId, storeId, hostname, verificationToken } = event.data
        await db
          .insertInto('store_domains')
          .values({
            id: domainId,
            store_id: storeId,
            organization_id: recorded.metadata.organizationId,
            hostname,
            verification_token: verificationToken,
            status: 'PENDING',
            is_primary: false,
            created_at: at,
            updated_at: at,
          })
          .execute()
        return
      }
      case 'StoreDomainVerified':
        await row(event.data.domainId)
          .set({ status: 'VERIFIED', verification_message: null, verified_at: at, last_checked_at: at, updated_at: at })
          .execute()
        return
      case 'StoreDomainVerificationFailed':
        await row(event.data.domainId)
          .set({ status: 'FAILED', verification_message: event.data.reason, last_checked_at: at, updated_at: at })
          .execute()
        return
      case 'StoreDomainMadePrimary':
        await db
          .updateTable('store_domains')
          .set({ is_primary: false, updated_at: at })
          .where('store_id', '=', event.data.storeId)
          .where('is_primary', '=', true)
          .execute()
        await row(event.data.domainId).set({ is_primary: true, updated_at: at }).execute()
        return
      case 'StoreDomainRemoved':
        await db.deleteFrom('store_domains').where('id', '=', event.data.domainId).execute()
        return
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
}
