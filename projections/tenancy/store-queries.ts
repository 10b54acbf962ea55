import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely'
import { badInput } from '../../domain/shared/errors.js'
import { isUuid } from '../../domain/shared/ids.js'
import type { SocialLinks, StoreAddress, StoreSeo, WeightUnit } from '../../domain/tenancy/store/config.js'
import type { AnyDb } from '../../infra/database/database.js'
import {
  combineFilter,
  inList,
  dateRangeConditions,
  stringConditions,
  type DateTimeRangeFilter,
  type StringFilter,
} from '../shared/filters.js'
import {
  paginate,
  sortOptions,
  type Connection,
  type ListArgs,
  type PaginateOptions,
  type SortSpec,
} from '../shared/pagination.js'
import type { StoreRow, TenancyTables } from './tables.js'

export type StoreStatus = 'ACTIVE' | 'ARCHIVED'

/** A store with its whole configuration, as the `Store` GraphQL type serves it. */
export interface StoreDetails {
  id: string
  organizationId: string
  slug: string
  name: string
  status: StoreStatus
  archivedAt: Date | null
  defaultLocale: string
  enabledLocales: string[]
  currency: string
  timezone: string
  weightUnit: WeightUnit
  contactEmail: string
  address: StoreAddress | null
  socialLinks: SocialLinks
  seo: StoreSeo
  commerceEnabled: boolean
  commerceToggledAt: Date | null
  createdAt: Date
  updatedAt: Date
}

export interface StoreFilter {
  name?: StringFilter | null
  slug?: StringFilter | null
  status?: readonly StoreStatus[] | null
  commerceEnabled?: boolean | null
  currency?: StringFilter | null
  createdAt?: DateTimeRangeFilter | null
  updatedAt?: DateTimeRangeFilter | null
  and?: readonly StoreFilter[] | null
  or?: readonly StoreFilter[] | null
}

const SORTS = sortOptions({ NAME: 'name', SLUG: 'slug', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' })
export type StoreSort = keyof typeof SORTS
export const STORE_SORTS = Object.keys(SORTS) as StoreSort[]

export interface ListStoresArgs extends ListArgs {
  filter?: StoreFilter | null
  sort?: StoreSort | null
}

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
export async function listStoreDetails(
  db: AnyDb,
  reach: StoreReach,
  args: ListStoresArgs = {},
  options: PaginateOptions = {},
): Promise<Connection<StoreDetails>> {
  const sortName = args.sort ?? 'CREATED_AT_DESC'
  const sort: SortSpec | undefined = SORTS[sortName]
  if (!sort) throw badInput(['sort'], `sort must be one of ${STORE_SORTS.join(', ')}; got '${sortName}'`)
  const ids = reach.storeIds?.filter(isUuid) ?? null
  const query = stores(db)
    .where('organization_id', '=', reach.organizationId)
    .where((eb) => (ids === null ? sql<SqlBool>`true` : ids.length ? eb('id', 'in', ids) : sql<SqlBool>`false`))
    .where((eb) => combineFilter(eb, args.filter, storeConditions))
  const page = await paginate<StoreRow>(query, args, sort, options)
  return {
    ...page,
    nodes: page.nodes.map(toDetails),
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toDetails(edge.node) })),
  }
}

function storeConditions(eb: ExpressionBuilder<TenancyTables, 'stores'>, filter: StoreFilter): Expression<SqlBool>[] {
  const conditions = [
    ...stringConditions(eb, 'name', filter.name),
    ...stringConditions(eb, 'slug', filter.slug),
    ...stringConditions(eb, 'currency', filter.currency),
    ...dateRangeConditions(eb, 'created_at', filter.createdAt),
    ...dateRangeConditions(eb, 'updated_at', filter.updatedAt),
  ]
  if (filter.status != null) conditions.push(inList('status', filter.status))
  if (filter.commerceEnabled != null) conditions.push(eb('commerce_enabled', '=', filter.commerceEnabled))
  return conditions
}

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
