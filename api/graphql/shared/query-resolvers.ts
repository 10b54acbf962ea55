import type { GraphQLResolveInfo } from 'graphql'
import type { RequestContext } from './context.js'
import { wantsTotal } from './selection.js'

/**
 * The resolver of a Query list field: the app list read with the field's arguments, counting the
 * filtered rows only when the query selects `totalCount` or `pageInfo.totalPages`.
 *
 * @example Query: { pages: listResolver(listPages) }
 */
export function listResolver<Args, Page>(
  list: (ctx: RequestContext, args: Args, options: { count: boolean }) => Promise<Page>,
) {
  return (_root: unknown, args: Args, ctx: RequestContext, info: GraphQLResolveInfo) =>
    list(ctx, args, { count: wantsTotal(info) })
}
