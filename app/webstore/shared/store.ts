import { requireScope, requireStore, type Caller } from '../../caller.js'

/** The selected store's id, once the caller may read the web store. */
export function webstoreStore(caller: Caller): string {
  requireScope(caller, 'webstore:read')
  return requireStore(caller).id
}
