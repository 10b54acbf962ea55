import { sql, type SqlBool } from 'kysely'
import { badInput } from '../../../domain/shared/errors.js'
import { isUuid } from '../../../domain/shared/ids.js'
import type { DomainStatus } from '../../../domain/tenancy/domain/commands.js'
import { verificationRecordName } from '../../../domain/tenancy/domain/hostname.js'
import type { AnyDb } from '../../../infra/database/database.js'
import {
  combineFilter,
  inList,
  dateRangeConditions,
  stringConditions,
  type DateTimeRangeFilter,
  type StringFilter,
} from '../../shared/filters.js'
import {
  paginate,
  sortOptions,
  type Connection,
  type ListArgs,
  type PaginateOptions,
  type SortSpec,
} from '../../shared/pagination.js'
import type { StoreDomainDb, StoreDomainRow } from './tables.js'

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

export interface StoreDomainFilter {
  hostname?: StringFilter | null
  status?: readonly DomainStatus[] | null
  primary?: boolean | null
  createdAt?: DateTimeRangeFilter | null
  and?: readonly StoreDomainFilter[] | null
  or?: readonly StoreDomainFilter[] | null
}

const SORTS = sortOptions({ HOSTNAME: 'hostname', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' })
export type StoreDomainSort = keyof typeof SORTS
export const STORE_DOMAIN_SORTS = Object.keys(SORTS) as StoreDomainSort[]

export interface ListStoreDomainsArgs extends ListArgs {
  filter?: StoreDomainFilter | null
  sort?: StoreDomainSort | null
}

const domains = (db: AnyDb) => (db as StoreDomainDb).selectFrom('store_domains').selectAll()

/** A domain of the store; null for another store's domain, as for one that does not exist. */
export async function findStoreDomain(db: AnyDb, storeId: string, domainId: string): Promise<StoreDomainRecord | null> {
  if (!isUuid(storeId) || !isUuid(domainId)) return null
  const row = await domains(db)
    .where('store_id', '=', storeId)
    .where('id', '=', domainId.toLowerCase())
    .executeTakeFirst()
  return row ? toRecord(row) : null
}

/** The store's domains, filtered and sorted; oldest first by default so the list reads in the order they were added. */
export async function listStoreDomains(
  db: AnyDb,
  storeId: string,
  args: ListStoreDomainsArgs = {},
  options: PaginateOptions = {},
): Promise<Connection<StoreDomainRecord>> {
  const sortName = args.sort ?? 'CREATED_AT_ASC'
  const sort: SortSpec | undefined = SORTS[sortName]
  if (!sort) throw badInput(['sort'], `sort must be one of ${STORE_DOMAIN_SORTS.join(', ')}; got '${sortName}'`)
  const query = domains(db)
    .where((eb) => (isUuid(storeId) ? eb('store_id', '=', storeId) : sql<SqlBool>`false`))
    .where((eb) =>
      combineFilter(eb, args.filter, (inner, filter: StoreDomainFilter) => {
        const conditions = [
          ...stringConditions(inner, 'hostname', filter.hostname),
          ...dateRangeConditions(inner, 'created_at', filter.createdAt),
        ]
        if (filter.status != null) conditions.push(inList('status', filter.status))
        if (filter.primary != null) conditions.push(inner('is_primary', '=', filter.primary))
        return conditions
      }),
    )
  const page = await paginate<StoreDomainRow>(query, args, sort, options)
  return {
    ...page,
    nodes: page.nodes.map(toRecord),
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toRecord(edge.node) })),
  }
}

/** The verified domain serving a host name across the platform, for host resolution; null when none does. */
export async function findVerifiedDomain(db: AnyDb, hostname: string): Promise<StoreDomainRecord | null> {
  const row = await domains(db).where('hostname', '=', hostname).where('status', '=', 'VERIFIED').executeTakeFirst()
  return row ? toRecord(row) : null
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
