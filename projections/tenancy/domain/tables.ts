import type { Kysely, Selectable } from 'kysely'
import type { DomainStatus } from '../../../domain/tenancy/domain/commands.js'
import type { Timestamp } from '../../shared/table.js'

export interface StoreDomainsTable {
  id: string
  store_id: string
  organization_id: string
  /** Lowercase ASCII (punycode); unique across the platform. */
  hostname: string
  verification_token: string
  status: DomainStatus
  is_primary: boolean
  /** Why the last check failed: which record to add and what DNS answered. */
  verification_message: string | null
  verified_at: Timestamp | null
  last_checked_at: Timestamp | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface StoreDomainTables {
  store_domains: StoreDomainsTable
}

export type StoreDomainRow = Selectable<StoreDomainsTable>
export type StoreDomainDb = Kysely<StoreDomainTables>
