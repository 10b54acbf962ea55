import type { TranslatableResourceType } from '../../../domain/webstore/translation/events.js'
import {
  findTranslatableResource,
  listTranslatableResources as listTranslatableResourceRecords,
  translationValues,
  type ListTranslatableResourcesArgs,
} from '../../../projections/webstore/translation/queries.js'
import { requireStore, type Caller } from '../../caller.js'
import { mapConnection, type PaginateOptions } from '../../shared/connection.js'
import { webstoreStore } from '../shared/store.js'
import { toTranslatableResourceView, type TranslatableResourceView } from './view.js'
import { orNotFound } from '../../shared/lookup.js'

/** One resource by id, or null when the caller's store has none: a write's read-back. */
export async function findTranslatableResourceView(
  caller: Caller,
  resourceId: string,
): Promise<TranslatableResourceView | null> {
  if (!caller.store) return null
  const resource = await findTranslatableResource(caller.platform.database.db, caller.store.id, resourceId)
  return resource && toTranslatableResourceView(resource)
}

/**
 * A resource of the store (product, page, menu …) by id with its source texts and every
 * locale's translations; NOT_FOUND when the store has none (another store's resource included).
 */
export async function readTranslatableResource(caller: Caller, resourceId: string): Promise<TranslatableResourceView> {
  const storeId = webstoreStore(caller)
  const resource = await orNotFound(
    findTranslatableResource(caller.platform.database.db, storeId, resourceId.toLowerCase()),
    'translatable resource',
    resourceId,
  )
  return toTranslatableResourceView(resource)
}

export type { ListTranslatableResourcesArgs }

/** The store's resources of one kind, oldest first unless sorted otherwise, each with its source texts and translations. */
export async function listTranslatableResources(
  caller: Caller,
  resourceType: TranslatableResourceType,
  args: ListTranslatableResourcesArgs,
  options: PaginateOptions = {},
) {
  const storeId = webstoreStore(caller)
  const page = await listTranslatableResourceRecords(caller.platform.database.db, storeId, resourceType, args, options)
  return mapConnection(page, toTranslatableResourceView)
}

/**
 * The registered values of `locale` for many resources of the caller's store at once: resource
 * id → key → value (the per-request batch behind every translatable field's `locale` argument).
 * No scope of its own: the field's parent was read with its resource's scope.
 */
export function translatedValues(
  caller: Caller,
  locale: string,
  resourceIds: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  return translationValues(caller.platform.database.db, requireStore(caller).id, locale, resourceIds)
}
