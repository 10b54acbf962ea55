import type { Kysely, Selectable } from 'kysely'
import type { DomainStatus } from '../../../domain/tenancy/domain/commands.js'
import { column, table, type DatabaseOf, type RowOf } from '../../shared/table.js'

/** Custom domains of every store. */
export const STORE_DOMAINS_TABLE = table(
  'store_domains',
  {
    id: column.uuid(),
    store_id: column.uuid(),
    organization_id: column.uuid(),
    /** Lowercase ASCII (punycode); unique across the platform. */
    hostname: column.text(),
    verification_token: column.text(),
    status: column.text<DomainStatus>(),
    is_primary: column.boolean().default(false),
    /** Why the last check failed: which record to add and what DNS answered. */
    verification_message: column.text().nullable(),
    verified_at: column.timestamptz().nullable(),
    last_checked_at: column.timestamptz().nullable(),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
  },
  {
    primaryKey: ['id'],
    // Unique although reservations already guarantee it: one host name must never serve two stores.
    uniqueIndexes: { store_domains_hostname: ['hostname'] },
    indexes: { store_domains_store: ['store_id', 'created_at'] },
  },
)

export type StoreDomainsTable = RowOf<typeof STORE_DOMAINS_TABLE>
export type StoreDomainTables = DatabaseOf<typeof STORE_DOMAINS_TABLE>
export type StoreDomainRow = Selectable<StoreDomainsTable>
export type StoreDomainDb = Kysely<StoreDomainTables>
