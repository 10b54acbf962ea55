import type { Kysely } from 'kysely'
import { textProblem } from '../../domain/shared/boundary.js'
import type { Actor } from '../../domain/shared/context.js'
import { isScope, type Scope } from '../../domain/shared/scopes.js'
import { isUuid } from '../../domain/shared/ids.js'
import type { AnyDb } from '../../infra/database/database.js'
import type { ApiKeyRow, OrganizationRow, StoreRow, TenancyTables } from './tables.js'

export interface OrganizationRecord {
  id: string
  name: string
  createdAt: Date
}

export interface StoreRecord {
  id: string
  organizationId: string
  slug: string
  name: string
  defaultLocale: string
  currency: string
  commerceEnabled: boolean
  /** ARCHIVED stores keep their data; their credentials are refused on store-scoped operations. */
  status: 'ACTIVE' | 'ARCHIVED'
  createdAt: Date
  updatedAt: Date
}

export interface ApiKeyRecord {
  id: string
  organizationId: string
  publicId: string
  last4: string
  name: string
  scopes: Scope[]
  /** null = every store of the organization. */
  storeIds: string[] | null
  expiresAt: Date | null
  revokedAt: Date | null
  createdAt: Date
  /** Who created it; null for keys projected before that was recorded. */
  createdBy: Actor | null
  rotatedAt: Date | null
}

const tenancy = (db: AnyDb): Kysely<TenancyTables> => db

export async function findOrganization(db: AnyDb, id: string): Promise<OrganizationRecord | null> {
  if (!isUuid(id)) return null
  const row = await tenancy(db).selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toOrganization(row) : null
}

/**
 * A store of the organization by id or slug (as the X-Store header names it); null when there
 * is none, including when the store belongs to another organization.
 *
 * @example await findStore(db, principal.organizationId, 'acme') // by slug
 */
export async function findStore(db: AnyDb, organizationId: string, idOrSlug: string): Promise<StoreRecord | null> {
  const reference = idOrSlug.trim()
  // Text Postgres cannot hold (a NUL in an X-Store header) names no store; the query would fail on it.
  if (textProblem(reference)) return null
  let query = tenancy(db).selectFrom('stores').selectAll().where('organization_id', '=', organizationId)
  query = isUuid(reference) ? query.where('id', '=', reference) : query.where('slug', '=', reference.toLowerCase())
  const row = await query.executeTakeFirst()
  return row ? toStore(row) : null
}

/**
 * The store serving a slug, across the platform: for operators (`--store SLUG`) and for host
 * resolution (`<slug>.<PLATFORM_HOST>`). A request made with a credential uses `findStore`,
 * which stays within the credential's organization.
 */
export async function findStoreBySlug(db: AnyDb, slug: string): Promise<StoreRecord | null> {
  const row = await tenancy(db)
    .selectFrom('stores')
    .selectAll()
    .where('slug', '=', slug.trim().toLowerCase())
    .executeTakeFirst()
  return row ? toStore(row) : null
}

/**
 * The organization's stores, oldest first; `storeIds` narrows them to those a key may reach
 * (null = all of them). Ids of other organizations' stores are silently not found.
 */
export async function listStores(
  db: AnyDb,
  organizationId: string,
  storeIds: readonly string[] | null,
  options: { limit?: number } = {},
): Promise<StoreRecord[]> {
  if (storeIds !== null) {
    const ids = storeIds.filter(isUuid)
    if (ids.length === 0) return []
    storeIds = ids
  }
  let query = tenancy(db).selectFrom('stores').selectAll().where('organization_id', '=', organizationId)
  if (storeIds !== null) query = query.where('id', 'in', storeIds)
  query = query.orderBy('created_at').orderBy('id')
  if (options.limit !== undefined) query = query.limit(options.limit)
  return (await query.execute()).map(toStore)
}

/** A key of the organization; null for a key of another organization, as for one that does not exist. */
export async function findApiKey(db: AnyDb, organizationId: string, id: string): Promise<ApiKeyRecord | null> {
  if (!isUuid(id)) return null
  const row = await tenancy(db)
    .selectFrom('api_keys')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst()
  return row ? toApiKey(row) : null
}

/** The organization's keys, newest first, revoked ones included (they say when they were revoked). */
export async function listApiKeys(db: AnyDb, organizationId: string): Promise<ApiKeyRecord[]> {
  const rows = await tenancy(db)
    .selectFrom('api_keys')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map(toApiKey)
}

function toOrganization(row: OrganizationRow): OrganizationRecord {
  return { id: row.id, name: row.name, createdAt: row.created_at }
}

function toStore(row: StoreRow): StoreRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    slug: row.slug,
    name: row.name,
    defaultLocale: row.default_locale,
    currency: row.currency,
    commerceEnabled: row.commerce_enabled,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** Scopes unknown to this version (written by a newer one) grant nothing rather than fail. */
export function toScopes(stored: readonly string[]): Scope[] {
  return stored.filter(isScope)
}

export function toApiKey(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    publicId: row.public_id,
    last4: row.last4,
    name: row.name,
    scopes: toScopes(row.scopes),
    storeIds: row.store_ids,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
    createdBy: (typeof row.created_by === 'string'
      ? JSON.parse(row.created_by)
      : (row.created_by ?? null)) as Actor | null,
    rotatedAt: row.rotated_at,
  }
}
