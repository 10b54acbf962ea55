import { readAuditLog } from '../../../../app/audit/log/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { auditLogTypeDefs } from './schema.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    auditLog: listResolver(readAuditLog),
  },
}

export const auditLogSlice: GraphQLSlice = { typeDefs: auditLogTypeDefs, resolvers }
