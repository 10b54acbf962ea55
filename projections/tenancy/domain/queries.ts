import { isUuid } from '../../../domain/shared/ids.js'
import type { ListArgsOf } from '../../../domain/shared/list-spec.js'
import type { DomainStatus } from '../../../domain/tenancy/domain/commands.js'
import { verificationRecordName } from '../../../domain/tenancy/domain/hostname.js'
import { STORE_DOMAIN_LIST } from '../../../domain/tenancy/domain/list.js'
import { listRunner } from '../../shared/list-runner.js'
import type { StoreDomainDb, StoreDomainRow } from './tables.js'
import { storeRecords } from '../../shared/store-records.js'

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

const domains = storeRecords({
  rows: (db: StoreDomainDb) => db.selectFrom('store_domains').selectAll(),
  list: listRunner(STORE_DOMAIN_LIST, { filters: { primary: 'is_primary' } }),
  toRecord,
})

/** A domain of the store; null for another store's domain, as for one that does not exist. */
export const findStoreDomain = domains.findById

/** The store's domains, filtered and sorted (oldest first by default). */
export const listStoreDomains = domains.list

/** The store's primary domain, if one is set. */
export async function findPrimaryDomain(db: StoreDomainDb, storeId: string): Promise<StoreDomainRecord | null> {
  if (!isUuid(storeId)) return null
  const row = await db
    .selectFrom('store_domains')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('is_primary', '=', true)
    .executeTakeFirst()
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
