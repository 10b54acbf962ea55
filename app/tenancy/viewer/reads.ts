import { findOrganization, listStores } from '../../../projections/tenancy/queries.js'
import type { Caller } from '../../caller.js'
import { toOrganizationView, toViewerStoreView, type OrganizationView, type ViewerStoreView } from './view.js'

/** The caller's organization; needs no scope, as every credential may know whom it works for. */
export async function readOrganization(caller: Caller): Promise<OrganizationView | null> {
  const organization = await findOrganization(caller.platform.database.db, caller.principal.organizationId)
  return organization && toOrganizationView(organization)
}

/** Every store the caller's credential reaches, oldest first. Needs no scope. */
export async function listViewerStores(caller: Caller): Promise<ViewerStoreView[]> {
  const { organizationId, storeIds } = caller.principal
  return (await listStores(caller.platform.database.db, organizationId, storeIds)).map(toViewerStoreView)
}

/** The store the caller works on, or null when none is selected. */
export async function readCurrentStore(caller: Caller): Promise<ViewerStoreView | null> {
  if (!caller.store) return null
  const [store] = await listStores(caller.platform.database.db, caller.principal.organizationId, [caller.store.id])
  return store ? toViewerStoreView(store) : null
}
