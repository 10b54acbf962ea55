import { readAuditLog, type AuditLogArgs } from '../../../../app/audit/log/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { wantsTotal } from '../../shared/selection.js'
import { auditLogTypeDefs } from './schema.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    auditLog: (_root, args: AuditLogArgs, ctx, info) => readAuditLog(ctx, args, { count: wantsTotal(info) }),
  },
}

export const auditLogSlice: GraphQLSlice = { typeDefs: auditLogTypeDefs, resolvers }
