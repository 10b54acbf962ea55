import { sql, type Kysely, type SqlBool } from 'kysely'
import { isUuid } from '../../domain/shared/ids.js'
import type { ListArgsOf } from '../../domain/shared/list-spec.js'
import type { StoreAddress, WeightUnit } from '../../domain/tenancy/store/config.js'
import type { StoreConfig } from '../../domain/tenancy/store/store.js'
import { STORE_LIST, type StoreStatus } from '../../domain/tenancy/store/list.js'
import type { AnyDb } from '../../infra/database/database.js'
import { listRunner } from '../shared/list-runner.js'
import type { StoreRow, TenancyTables } from './tables.js'

/** A store with its whole configuration, as the `Store` GraphQL type serves it. */
export interface StoreDetails extends StoreConfig {
  id: string
  organizationId: string
  slug: string
  status: StoreStatus
  archivedAt: Date | null
  commerceEnabled: boolean
  commerceToggledAt: Date | null
  createdAt: Date
  updatedAt: Date
}

export type ListStoresArgs = ListArgsOf<typeof STORE_LIST>

const storeList = listRunner(STORE_LIST)

/** Whom a read is for: the organization, and the stores its credential reaches (null = all). */
export interface StoreReach {
  organizationId: string
  storeIds: readonly string[] | null
}

const stores = (db: AnyDb) => (db as Kysely<TenancyTables>).selectFrom('stores').selectAll()

/**
 * A store the credential reaches, by id or slug, archived or not; null otherwise, including for
 * another organization's store and a store outside the credential's reach.
 *
 * @example await findStoreDetails(db, { organizationId, storeIds: null }, 'acme')
 */
export async function findStoreDetails(db: AnyDb, reach: StoreReach, idOrSlug: string): Promise<StoreDetails | null> {
  const reference = idOrSlug.trim().toLowerCase()
  let query = stores(db).where('organization_id', '=', reach.organizationId)
  query = isUuid(reference) ? query.where('id', '=', reference) : query.where('slug', '=', reference)
  const row = await query.executeTakeFirst()
  if (!row || (reach.storeIds !== null && !reach.storeIds.includes(row.id))) return null
  return toDetails(row)
}

/**
 * One page of the stores a credential reaches, filtered and sorted.
 *
 * @example await listStoreDetails(db, reach, { first: 10, filter: { status: ['ACTIVE'] }, sort: 'NAME_ASC' })
 */
export const listStoreDetails = storeList.reader((db: AnyDb, reach: StoreReach) => {
  const ids = reach.storeIds?.filter(isUuid) ?? null
  return stores(db)
    .where('organization_id', '=', reach.organizationId)
    .where((eb) => (ids === null ? sql<SqlBool>`true` : ids.length ? eb('id', 'in', ids) : sql<SqlBool>`false`))
}, toDetails)

export function toDetails(row: StoreRow): StoreDetails {
  return {
    id: row.id,
    organizationId: row.organization_id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    archivedAt: row.archived_at,
    defaultLocale: row.default_locale,
    enabledLocales: row.enabled_locales ?? [row.default_locale],
    currency: row.currency,
    timezone: row.timezone,
    weightUnit: row.weight_unit as WeightUnit,
    contactEmail: row.contact_email,
    address: row.address as StoreAddress | null,
    socialLinks: row.social_links,
    seo: row.seo,
    commerceEnabled: row.commerce_enabled,
    commerceToggledAt: row.commerce_toggled_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
