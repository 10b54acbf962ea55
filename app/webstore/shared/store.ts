import { requireScope, requireStore, type Caller } from '../../caller.js'
import { storeReads, type StoreResource } from '../../shared/store-reads.js'

/** The selected store's id, once the caller may read the web store. */
export function webstoreStore(caller: Caller): string {
  requireScope(caller, 'webstore:read')
  return requireStore(caller).id
}

/**
 * `storeReads` for a web store resource a lookup finds by id or handle, read with webstore:read.
 *
 * @example const pages = webstoreReads({ noun: 'page', find: findPage, list: listPageRecords, toView: toPageView })
 */
export function webstoreReads<Row, View, Args>(
  resource: Omit<StoreResource<'handle', Row, View, Args>, 'key' | 'storeOf'>,
) {
  return storeReads({ ...resource, key: 'handle', storeOf: webstoreStore })
}
