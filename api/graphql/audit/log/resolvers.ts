import { readableHistory } from '../../../../domain/history.js'
import { DomainError } from '../../../../domain/shared/errors.js'
import { readAuditLog, type AuditLogFilter } from '../../../../projections/audit/log/queries.js'
import type { GraphQLSlice } from '../../plugin.js'
import { requireStore } from '../../../../app/caller.js'
import { type GraphQLContext } from '../../shared/context.js'
import { wantsTotal } from '../../shared/selection.js'
import { auditLogTypeDefs } from './schema.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    auditLog: (_root, args: { filter?: AuditLogFilter; first?: number; after?: string }, ctx: GraphQLContext, info) => {
      const categories = readableHistory(ctx.principal.scopes)
      if (categories.length === 0) throw new DomainError('FORBIDDEN', 'reading the audit log needs a read scope')
      return readAuditLog(
        ctx.platform.database.db,
        requireStore(ctx).id,
        { ...args, categories },
        { count: wantsTotal(info) },
      )
    },
  },
}

export const auditLogSlice: GraphQLSlice = { typeDefs: auditLogTypeDefs, resolvers }
