import { timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import { DomainError } from '../../domain/shared/errors.js'
import type { Actor } from '../../domain/shared/context.js'
import type { Scope } from '../../domain/shared/scopes.js'
import type { MemberRole } from '../../domain/tenancy/member/roles.js'
import type { TenancyTables } from '../../projections/tenancy/tables.js'
import { findStore, listStores, toScopes, type StoreRecord } from '../../projections/tenancy/queries.js'
import type { AnyDb } from '../../infra/database/database.js'
import { hashSecret, parseApiKeyToken } from './api-key-token.js'
import type { ApiKeySecretsTable } from './secrets.js'
import { recordCredentialUse, type CredentialUsageTable } from './usage.js'

/** A request made with a bearer API key. */
export interface ApiKeyPrincipal {
  type: 'api_key'
  keyId: string
  organizationId: string
  scopes: Scope[]
  /** The stores the key may reach; null = every store of the organization. */
  storeIds: string[] | null
  name: string
  /** When this credential stops working (the key's expiry, or the presented secret's after a rotation); null = never. */
  expiresAt: Date | null
}

/** A person signed in to one organization with a session cookie. */
export interface UserPrincipal {
  type: 'user'
  userId: string
  sessionId: string
  role: MemberRole
  organizationId: string
  /** Derived from the role: OWNER and ADMIN hold every scope, STAFF products:write, webstore:write and orders:write. */
  scopes: Scope[]
  /** People reach every store of their organization. */
  storeIds: null
  /** The person's email. */
  name: string
  /** When the session ends unless used: the idle limit, capped by the absolute one. */
  expiresAt: Date
}

/** Who is calling, as every transport learns it from the credential. */
export type Principal = ApiKeyPrincipal | UserPrincipal

/** The id of the credential: the key id, or the user id of a signed-in person (for rate-limit buckets and logs). */
export function credentialId(principal: Principal): string {
  return principal.type === 'api_key' ? principal.keyId : principal.userId
}

/** Who acts, as events record it: the key, or the signed-in person. */
export function principalActor(principal: Principal): Actor {
  return principal.type === 'api_key'
    ? { type: 'api_key', id: principal.keyId, name: principal.name }
    : { type: 'user', id: principal.userId, name: principal.name }
}

/** The store a request works on. */
export interface StoreRef {
  id: string
  slug: string
  name: string
  organizationId: string
  /** Set on an archived store: store-scoped operations refuse it (see `refuseArchived`), storeRestore does not. */
  archived?: true
}

/** Compared against when the public id is unknown, so a miss costs what a hit costs. */
const NO_HASH = hashSecret('')

const CREATE_KEY_HINT = 'create a key with `emporium keys create`'

/**
 * The principal of a bearer API key, or UNAUTHENTICATED saying what is wrong and what to do.
 * One indexed lookup (the secret's public id, joined to the key's read model), then a
 * constant-time hash comparison. Revoked and expired are told apart from unknown only after the
 * secret matched: only the key's holder learns that the key exists.
 *
 * @example const principal = await authenticateApiKey(db, bearerToken, new Date())
 */
export async function authenticateApiKey(
  db: AnyDb,
  token: string | null | undefined,
  now: Date,
): Promise<ApiKeyPrincipal> {
  const presented = token?.trim()
  if (!presented)
    throw unauthenticated(`no API key was sent; send one as "Authorization: Bearer wmk_…" (${CREATE_KEY_HINT})`)
  const { publicId, secret } = parseApiKeyToken(presented)

  const row = await (
    db as Kysely<TenancyTables & { api_key_secrets: ApiKeySecretsTable; credential_usage: CredentialUsageTable }>
  )
    .selectFrom('api_key_secrets as s')
    .innerJoin('api_keys as k', 'k.id', 's.key_id')
    .leftJoin('credential_usage as u', 'u.credential_id', 's.key_id')
    .select([
      's.secret_hash',
      's.expires_at as secret_expires_at',
      'k.id',
      'k.organization_id',
      'k.name',
      'k.scopes',
      'k.store_ids',
      'k.expires_at',
      'k.revoked_at',
      'u.last_used_at',
    ])
    .where('s.public_id', '=', publicId)
    .executeTakeFirst()

  const matches = sameHash(hashSecret(secret), row?.secret_hash ?? NO_HASH)
  if (!row || !matches)
    throw unauthenticated(`this API key is not known: check that it is the key for this server, or ${CREATE_KEY_HINT}`)
  if (row.revoked_at)
    throw unauthenticated(`this API key was revoked on ${row.revoked_at.toISOString()}; ${CREATE_KEY_HINT}`)
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) {
    throw unauthenticated(`this API key expired on ${row.expires_at.toISOString()}; ${CREATE_KEY_HINT}`)
  }
  if (row.secret_expires_at && row.secret_expires_at.getTime() <= now.getTime()) {
    throw unauthenticated(
      `this secret of the API key was replaced by a rotation and stopped working on ${row.secret_expires_at.toISOString()}; use the key's new secret`,
    )
  }

  await recordCredentialUse(db, row.id, row.last_used_at, now)
  return {
    type: 'api_key',
    keyId: row.id,
    organizationId: row.organization_id,
    scopes: toScopes(row.scopes),
    storeIds: row.store_ids,
    name: row.name,
    // The sooner of the key's and the secret's end, so a cached answer never outlives either.
    expiresAt: earliest(row.expires_at, row.secret_expires_at),
  }
}

function earliest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b
  if (!b) return a
  return a.getTime() <= b.getTime() ? a : b
}

/**
 * The store a request works on (ARCHITECTURE.md, "Tenancy and authentication"):
 * - with `X-Store` (id or slug): that store, if it is the organization's and the key reaches it;
 *   FORBIDDEN when the key may not reach it; NOT_FOUND when the organization has no such store,
 *   which is also the answer for another organization's store, so tenants cannot probe each other;
 * - without it: the only store the key reaches, or null when it reaches several (or none), and
 *   commands that need a store ask for `X-Store`.
 */
export async function resolveStore(
  db: AnyDb,
  principal: Principal,
  xStore: string | undefined,
): Promise<StoreRef | null> {
  const reference = xStore?.trim()
  if (!reference) {
    const reachable = await listStores(db, principal.organizationId, principal.storeIds, { limit: 2 })
    return reachable.length === 1 ? toRef(reachable[0]!) : null
  }
  const store = await findStore(db, principal.organizationId, reference)
  if (!store)
    throw new DomainError(
      'NOT_FOUND',
      `store '${reference.slice(0, 100)}' does not exist; check the X-Store header (a store id or slug)`,
    )
  if (principal.storeIds !== null && !principal.storeIds.includes(store.id)) {
    throw new DomainError(
      'FORBIDDEN',
      `this key cannot reach store '${reference}'; use a key that includes it, or one for every store`,
    )
  }
  return toRef(store)
}

function toRef(store: StoreRecord): StoreRef {
  return {
    id: store.id,
    slug: store.slug,
    name: store.name,
    organizationId: store.organizationId,
    ...(store.status === 'ARCHIVED' ? { archived: true as const } : {}),
  }
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8')
  const right = Buffer.from(b, 'utf8')
  return left.length === right.length && timingSafeEqual(left, right)
}

function unauthenticated(message: string): DomainError {
  return new DomainError('UNAUTHENTICATED', message)
}
