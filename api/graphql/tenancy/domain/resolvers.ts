import { badInput } from '../../../../domain/shared/errors.js'
import { isPlatformHostname, normalizeHostname } from '../../../../domain/tenancy/domain/hostname.js'
import { listStoreDomains, readStoreDomain as readDomain } from '../../../../app/tenancy/domain/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { mutate } from '../../../../app/caller.js'
import { storeDomainVerifyService } from '../../../../app/tenancy/domain/verify.js'
import { serve } from '../../shared/services.js'
import { storeDomainTypeDefs } from './schema.js'
import {
  storeDomainAdd,
  storeDomainRemove,
  storeDomainSetPrimary,
} from '../../../../domain/tenancy/domain/definitions.js'
import { deleteResolver, writeResolver } from '../../shared/mutations.js'

type Input = { input: Record<string, unknown> | null }

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    storeDomains: listResolver(listStoreDomains),
  },
  Mutation: {
    storeDomainAdd: async (_root, { input }: Input, ctx) => {
      // The platform host is configuration, which the domain does not know: its subdomains are stores' slugs.
      const hostname = typeof input?.hostname === 'string' ? normalizeHostname(input.hostname) : null
      if (
        hostname &&
        'hostname' in hostname &&
        isPlatformHostname(hostname.hostname, ctx.platform.config.platformHost)
      ) {
        throw badInput(
          ['input', 'hostname'],
          `'${hostname.hostname}' is under the platform host ${ctx.platform.config.platformHost}, which serves stores by slug; add a domain of your own`,
        )
      }
      const { entityId, eventPosition } = await mutate(ctx, storeDomainAdd, input)
      return { storeDomain: await readDomain(ctx, entityId), eventPosition }
    },
    storeDomainVerify: async (_root, { input }: Input, ctx) => {
      const { entityId, eventPosition } = await serve(ctx, storeDomainVerifyService, input)
      return { storeDomain: await readDomain(ctx, entityId), eventPosition }
    },
    storeDomainSetPrimary: writeResolver(storeDomainSetPrimary, {
      field: 'storeDomain',
      read: (ctx, id) => readDomain(ctx, id),
    }),
    storeDomainRemove: deleteResolver(storeDomainRemove),
  },
}

export const storeDomainSlice: GraphQLSlice = { typeDefs: storeDomainTypeDefs, resolvers }
