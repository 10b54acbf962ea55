import type { GraphQLResolveInfo } from 'graphql'
import type { Scope } from '../../../domain/shared/scopes.js'
import { readHistory } from '../../../app/audit/log/reads.js'
import type { RequestContext } from './context.js'
import { wantsTotal } from './selection.js'

/** The arguments of every `history` field. */
export interface HistoryArgs {
  first?: number | null
  after?: string | null
}

/**
 * SDL of a resource's `history` field with its documented page arguments; `doc` says whose
 * events it lists.
 *
 * @example `type Menu { … ${historyField('Every event of this menu, newest first, with its actor and time.')} }`
 */
export function historyField(doc: string): string {
  return `${JSON.stringify(doc)}
    history(
      "Page size, at most 250 (default 20)."
      first: Int
      "The endCursor of the previous page: the next page holds older events."
      after: String
    ): AuditEntryConnection!`
}

/**
 * The resolver of a resource's `history` field: the events of its stream category `entityType`,
 * newest first, for a caller holding `scope`. `idOf` names the entity when its view has no `id`.
 *
 * @example Page: { history: historyResolver('webstore:read', PAGE_CATEGORY) }
 */
export function historyResolver<Entity = { id: string }>(
  scope: Scope,
  entityType: string,
  idOf: (entity: Entity) => string = (entity) => (entity as { id: string }).id,
) {
  return (entity: Entity, args: HistoryArgs, ctx: RequestContext, info: GraphQLResolveInfo) =>
    readHistory(ctx, scope, { entityType, entityId: idOf(entity) }, args, { count: wantsTotal(info) })
}
