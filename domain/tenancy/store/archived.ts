import { DomainError } from '../../shared/errors.js'

/**
 * The one rule for archived stores, applied wherever a transport hands a request its store:
 * store-scoped operations on an archived store are FORBIDDEN (storeRestore names its store
 * itself and is not refused). Returns the store when it is active.
 */
export function refuseArchived<Store extends { slug: string; archived?: boolean }>(store: Store): Store {
  if (store.archived)
    throw new DomainError(
      'FORBIDDEN',
      `store '${store.slug}' is archived; restore it with storeRestore (settings:write) to work on it again`,
    )
  return store
}
