import { readModelStatus, type ReadModelStatus } from '../../../infra/projections/store-status.js'
import {
  findStoreDetails,
  listStoreDetails,
  type ListStoresArgs,
  type StoreReach,
} from '../../../projections/tenancy/store-queries.js'
import { requireScope, type Caller } from '../../caller.js'
import { mapConnection, type PaginateOptions } from '../../shared/connection.js'
import { toStoreView, type StoreView } from './view.js'
import { orNotFound } from '../../shared/lookup.js'

export type { ListStoresArgs }

/** The organization and the stores the caller's credential reaches. */
export function reachOf(caller: Caller): StoreReach {
  return { organizationId: caller.principal.organizationId, storeIds: caller.principal.storeIds }
}

/** A store the credential reaches (archived ones too) by id or slug, or null: a write's read-back. */
export async function findStoreView(caller: Caller, idOrSlug: string): Promise<StoreView | null> {
  const store = await findStoreDetails(caller.platform.database.db, reachOf(caller), idOrSlug)
  return store && toStoreView(store)
}

/** A store the credential reaches, or NOT_FOUND as for one that does not exist. No scope check: callers do it. */
export async function reachableStore(caller: Caller, idOrSlug: string): Promise<StoreView> {
  const store = await orNotFound(findStoreView(caller, idOrSlug), 'store', idOrSlug)
  return store
}

/** One store by id or slug, for a caller that may read settings. */
export async function readStore(caller: Caller, idOrSlug: string): Promise<StoreView> {
  requireScope(caller, 'settings:read')
  return reachableStore(caller, idOrSlug)
}

/** The stores the credential reaches, filtered and sorted (API-CONVENTIONS.md "Lists"). */
export async function listStores(caller: Caller, args: ListStoresArgs, options: PaginateOptions = {}) {
  requireScope(caller, 'settings:read')
  const page = await listStoreDetails(caller.platform.database.db, reachOf(caller), args, options)
  return mapConnection(page, toStoreView)
}

/** Whether the store's read models are current or parked on an event a projection could not apply. */
export function readStoreModelStatus(caller: Caller, storeId: string): Promise<ReadModelStatus> {
  return readModelStatus(caller.platform.database.db, storeId)
}
