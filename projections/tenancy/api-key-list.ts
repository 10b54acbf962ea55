import { sql, type Expression, type Kysely, type SqlBool } from 'kysely'
import type { ListArgsOf } from '../../domain/shared/list-spec.js'
import { API_KEY_LIST, type ApiKeyStatus } from '../../domain/tenancy/api-key/list.js'
import type { AnyDb } from '../../infra/database/database.js'
import type { Eb } from '../shared/filters.js'
import { listRunner } from '../shared/list-runner.js'
import { mapConnection, type Connection, type PaginateOptions } from '../shared/pagination.js'
import { toApiKey, type ApiKeyRecord } from './queries.js'
import type { TenancyTables } from './tables.js'

export type ListApiKeysArgs = ListArgsOf<typeof API_KEY_LIST>

/** The status of a key at `now`. */
export function apiKeyStatus(key: Pick<ApiKeyRecord, 'revokedAt' | 'expiresAt'>, now: Date): ApiKeyStatus {
  if (key.revokedAt) return 'REVOKED'
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'EXPIRED'
  return 'ACTIVE'
}

/** The keys in any of `statuses` at `now`: what `apiKeyStatus` says, as a condition. */
function statusCondition(eb: Eb, statuses: readonly ApiKeyStatus[], now: Date): Expression<SqlBool> {
  const byStatus: Record<ApiKeyStatus, Expression<SqlBool>> = {
    REVOKED: eb('revoked_at', 'is not', null),
    EXPIRED: eb.and([eb('revoked_at', 'is', null), eb('expires_at', '<=', now)]),
    ACTIVE: eb.and([eb('revoked_at', 'is', null), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])]),
  }
  return statuses.length ? eb.or(statuses.map((status) => byStatus[status])) : sql<SqlBool>`false`
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
  // A key's status depends on the time of the call, so the binding is made per call.
  const keys = listRunner(API_KEY_LIST, {
    filters: {
      status: (eb, statuses) => statusCondition(eb, statuses, now),
      scope: (_eb, scope) => sql<SqlBool>`${scope} = any(scopes)`,
    },
  })
  const query = (db as Kysely<TenancyTables>)
    .selectFrom('api_keys')
    .selectAll()
    .where('organization_id', '=', organizationId)
  return mapConnection(await keys.run(query, args, options), toApiKey)
}
