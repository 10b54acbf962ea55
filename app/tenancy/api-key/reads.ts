import { DomainError } from '../../../domain/shared/errors.js'
import { apiKeyStatus, listApiKeyPage, type ListApiKeysArgs } from '../../../projections/tenancy/api-key-list.js'
import { findApiKey, listStores, type ApiKeyRecord } from '../../../projections/tenancy/queries.js'
import type { Caller } from '../../caller.js'
import type { PaginateOptions } from '../../shared/connection.js'
import { toViewerStoreView, type ViewerStoreView } from '../viewer/view.js'

export type { ApiKeyRecord, ListApiKeysArgs }

/** One key of the caller's organization, or NOT_FOUND (another organization's included). Callers check who may. */
export async function readApiKey(caller: Caller, id: string): Promise<ApiKeyRecord> {
  const key = await findApiKey(caller.platform.database.db, caller.principal.organizationId, id)
  if (!key)
    throw new DomainError('NOT_FOUND', `API key '${id}' does not exist; list the organization's keys to find its id`, {
      field: ['id'],
    })
  return key
}

/** The organization's keys, filtered and sorted; status is judged at the time of the call. */
export function listApiKeys(caller: Caller, args: ListApiKeysArgs, options: PaginateOptions = {}) {
  return listApiKeyPage(caller.platform.database.db, caller.principal.organizationId, args, new Date(), options)
}

/** ACTIVE, EXPIRED or REVOKED now. */
export function apiKeyStatusNow(key: ApiKeyRecord) {
  return apiKeyStatus(key, new Date())
}

/** The stores a key reaches (every store of its organization when it names none). */
export async function apiKeyStores(caller: Caller, key: ApiKeyRecord): Promise<ViewerStoreView[]> {
  return (await listStores(caller.platform.database.db, key.organizationId, key.storeIds)).map(toViewerStoreView)
}
