import type { Kysely } from 'kysely'
import { STORE_DOMAIN_EVENT_TYPES, type StoreDomainEvent } from '../../../domain/tenancy/domain/events.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { storeTablesOf } from '../../shared/entity-projection.js'
import { STORE_DOMAINS_TABLE, type StoreDomainTables } from './tables.js'

/** Custom domains of every store: what `storeDomains` lists and host resolution looks up. */
export const storeDomainsProjection: Projection = {
  name: 'store_domains',
  version: 1,
  eventTypes: STORE_DOMAIN_EVENT_TYPES,
  ...storeTablesOf(STORE_DOMAINS_TABLE),
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
