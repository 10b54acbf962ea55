import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely'
import { badInput } from '../../domain/shared/errors.js'
import type { AnyDb } from '../../infra/database/database.js'
import {
  combineFilter,
  dateRangeConditions,
  stringConditions,
  type DateTimeRangeFilter,
  type StringFilter,
} from '../shared/filters.js'
import { paginate, sortOptions, type Connection, type ListArgs, type PaginateOptions } from '../shared/pagination.js'
import { toApiKey, type ApiKeyRecord } from './queries.js'
import type { ApiKeyRow, TenancyTables } from './tables.js'

/** ACTIVE: works now. REVOKED: revoked (whatever its expiry). EXPIRED: past its expiry, not revoked. */
export type ApiKeyStatus = 'ACTIVE' | 'REVOKED' | 'EXPIRED'

export interface ApiKeyFilter {
  name?: StringFilter | null
  status?: readonly ApiKeyStatus[] | null
  /** Keys holding this scope (exactly; `products:write` does not match `products:read`). */
  scope?: string | null
  createdAt?: DateTimeRangeFilter | null
  and?: readonly ApiKeyFilter[] | null
  or?: readonly ApiKeyFilter[] | null
}

const SORTS = sortOptions({ NAME: 'name', CREATED_AT: 'created_at' })
export type ApiKeySort = keyof typeof SORTS
export const API_KEY_SORTS = Object.keys(SORTS) as ApiKeySort[]

export interface ListApiKeysArgs extends ListArgs {
  filter?: ApiKeyFilter | null
  sort?: ApiKeySort | null
}

/** The status of a key at `now`. */
export function apiKeyStatus(key: Pick<ApiKeyRecord, 'revokedAt' | 'expiresAt'>, now: Date): ApiKeyStatus {
  if (key.revokedAt) return 'REVOKED'
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'EXPIRED'
  return 'ACTIVE'
}

/**
 * One page of the organization's keys, filtered and sorted, revoked ones included unless filtered out.
 *
 * @example await listApiKeyPage(db, organizationId, { filter: { status: ['ACTIVE'] }, sort: 'NAME_ASC' }, new Date())
 */
export async function listApiKeyPage(
  db: AnyDb,
  organizationId: string,
  args: ListApiKeysArgs,
  now: Date,
  options: PaginateOptions = {},
): Promise<Connection<ApiKeyRecord>> {
  const sortName = args.sort ?? 'CREATED_AT_DESC'
  const sort = SORTS[sortName]
  if (!sort) throw badInput(['sort'], `sort must be one of ${API_KEY_SORTS.join(', ')}; got '${sortName}'`)
  const query = (db as Kysely<TenancyTables>)
    .selectFrom('api_keys')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where((eb) => combineFilter(eb, args.filter, (inner, filter) => keyConditions(inner, filter, now)))
  const page = await paginate<ApiKeyRow>(query, args, sort, options)
  return {
    ...page,
    nodes: page.nodes.map(toApiKey),
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toApiKey(edge.node) })),
  }
}

function keyConditions(
  eb: ExpressionBuilder<TenancyTables, 'api_keys'>,
  filter: ApiKeyFilter,
  now: Date,
): Expression<SqlBool>[] {
  const conditions = [
    ...stringConditions(eb, 'name', filter.name),
    ...dateRangeConditions(eb, 'created_at', filter.createdAt),
  ]
  if (filter.scope != null) conditions.push(sql<SqlBool>`${filter.scope} = any(scopes)`)
  if (filter.status != null) {
    const byStatus: Record<ApiKeyStatus, Expression<SqlBool>> = {
      REVOKED: eb('revoked_at', 'is not', null),
      EXPIRED: eb.and([eb('revoked_at', 'is', null), eb('expires_at', '<=', now)]),
      ACTIVE: eb.and([eb('revoked_at', 'is', null), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])]),
    }
    conditions.push(filter.status.length ? eb.or(filter.status.map((status) => byStatus[status])) : sql<SqlBool>`false`)
  }
  return conditions
}
