import { isUuid } from '../../../domain/shared/ids.js'
import type { ListArgsOf } from '../../../domain/shared/list-spec.js'
import type { DomainStatus } from '../../../domain/tenancy/domain/commands.js'
import { verificationRecordName } from '../../../domain/tenancy/domain/hostname.js'
import { STORE_DOMAIN_LIST } from '../../../domain/tenancy/domain/list.js'
import type { AnyDb } from '../../../infra/database/database.js'
import { listRunner } from '../../shared/list-runner.js'
import { mapConnection, type Connection, type PaginateOptions } from '../../shared/pagination.js'
import type { StoreDomainDb, StoreDomainRow } from './tables.js'
import { findInStore, inStore } from '../../shared/store-rows.js'

/** A custom domain as the API serves it. */
export interface StoreDomainRecord {
  id: string
  storeId: string
  organizationId: string
  hostname: string
  status: DomainStatus
  primary: boolean
  /** The TXT record that proves control: its name and the value to publish. */
  verificationRecord: { name: string; value: string }
  verificationMessage: string | null
  verifiedAt: Date | null
  lastCheckedAt: Date | null
  createdAt: Date
  updatedAt: Date
}

export type ListStoreDomainsArgs = ListArgsOf<typeof STORE_DOMAIN_LIST>

const domainList = listRunner(STORE_DOMAIN_LIST, {
  filters: { hostname: 'hostname', status: 'status', primary: 'is_primary', createdAt: 'created_at' },
  sorts: { HOSTNAME: 'hostname', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' },
})

const domains = (db: AnyDb) => (db as StoreDomainDb).selectFrom('store_domains').selectAll()

/** A domain of the store; null for another store's domain, as for one that does not exist. */
export async function findStoreDomain(db: AnyDb, storeId: string, domainId: string): Promise<StoreDomainRecord | null> {
  const row = await findInStore(domains(db), storeId, { id: domainId })
  return row ? toRecord(row) : null
}

/** The store's domains, filtered and sorted (oldest first by default). */
export async function listStoreDomains(
  db: AnyDb,
  storeId: string,
  args: ListStoreDomainsArgs = {},
  options: PaginateOptions = {},
): Promise<Connection<StoreDomainRecord>> {
  const query = domains(db).where(inStore(storeId))
  return mapConnection(await domainList.run(query, args, options), toRecord)
}

/** The store's primary domain, if one is set. */
export async function findPrimaryDomain(db: AnyDb, storeId: string): Promise<StoreDomainRecord | null> {
  if (!isUuid(storeId)) return null
  const row = await domains(db).where('store_id', '=', storeId).where('is_primary', '=', true).executeTakeFirst()
  return row ? toRecord(row) : null
}

function toRecord(row: StoreDomainRow): StoreDomainRecord {
  return {
    id: row.id,
    storeId: row.store_id,
    organizationId: row.organization_id,
    hostname: row.hostname,
    status: row.status,
    primary: row.is_primary,
    verificationRecord: { name: verificationRecordName(row.hostname), value: row.verification_token },
    verificationMessage: row.verification_message,
    verifiedAt: row.verified_at,
    lastCheckedAt: row.last_checked_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
