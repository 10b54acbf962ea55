import { readableHistory } from '../../../domain/history.js'
import { DomainError } from '../../../domain/shared/errors.js'
import type { Scope } from '../../../domain/shared/scopes.js'
import { readEntityHistory, type EntityRef } from '../../../projections/audit/log/history.js'
import { readAuditLog as readAuditLogRecords, type AuditLogFilter } from '../../../projections/audit/log/queries.js'
import { requireScope, requireStore, type Caller } from '../../caller.js'
import { mapConnection, type PaginateOptions } from '../../shared/connection.js'
import { toAuditEntryView } from './view.js'

export type { AuditLogFilter, EntityRef }

export interface AuditLogArgs {
  filter?: AuditLogFilter | null
  first?: number | null
  after?: string | null
}

/**
 * The store's history in log order, oldest first, holding only the history of what the caller's
 * scopes may read (products:read: products and media); FORBIDDEN without any read scope.
 */
export async function readAuditLog(caller: Caller, args: AuditLogArgs, options: PaginateOptions = {}) {
  const categories = readableHistory(caller.principal.scopes)
  if (categories.length === 0) throw new DomainError('FORBIDDEN', 'reading the audit log needs a read scope')
  const page = await readAuditLogRecords(
    caller.platform.database.db,
    requireStore(caller).id,
    { ...args, categories },
    options,
  )
  return mapConnection(page, toAuditEntryView)
}

/**
 * One entity's history (every resource's `history` field), newest first, for a caller with the
 * scope that reads the entity.
 *
 * @example await readHistory(caller, 'products:read', { entityType: 'product', entityId }, { first: 10 })
 */
export async function readHistory(
  caller: Caller,
  scope: Scope,
  entity: EntityRef,
  args: { first?: number | null; after?: string | null },
  options: PaginateOptions = {},
) {
  requireScope(caller, scope)
  const page = await readEntityHistory(caller.platform.database.db, requireStore(caller).id, entity, args, options)
  return mapConnection(page, toAuditEntryView)
}
