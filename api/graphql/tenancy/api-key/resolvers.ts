import { maskedApiKey, API_KEY_PREFIX } from '../../../../app/auth/api-key-token.js'
import { issueApiKey, rotateApiKey, type IssueApiKeyDeps, type IssueApiKeyInput } from '../../../../app/auth/keys.js'
import { lastUsedOf } from '../../../../app/auth/usage.js'
import {
  apiKeyStatusNow,
  apiKeyStores,
  listApiKeys,
  readApiKey,
  type ApiKeyRecord,
  type ListApiKeysArgs,
} from '../../../../app/tenancy/api-key/reads.js'
import type { GraphQLSlice } from '../../plugin.js'
import { commandContext } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { batchLoader, idOf } from '../../shared/loaders.js'
import { writeResolver } from '../../shared/mutations.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { adminOnly, requireSignedInAdmin } from '../account/access.js'
import { apiKeyTypeDefs } from './schema.js'
import { apiKeyRevoke } from '../../../../domain/tenancy/api-key/definitions.js'

function keyDeps(ctx: RequestContext): IssueApiKeyDeps {
  return {
    db: ctx.platform.database.db,
    execute: (definition, input, commandCtx) => ctx.platform.executeAndWait(definition, input, commandCtx),
  }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    apiKey: adminOnly('API keys', (_root, { id }: { id: string }, ctx) => readApiKey(ctx, id)),
    apiKeys: adminOnly('API keys', listResolver<ListApiKeysArgs, unknown>(listApiKeys)),
  },
  ApiKey: {
    prefix: (key: ApiKeyRecord) => `${API_KEY_PREFIX}${key.publicId}`,
    masked: (key: ApiKeyRecord) => maskedApiKey(key.publicId, key.last4),
    allStores: (key: ApiKeyRecord) => key.storeIds === null,
    stores: (key: ApiKeyRecord, _args, ctx: RequestContext) => apiKeyStores(ctx, key),
    status: (key: ApiKeyRecord) => apiKeyStatusNow(key),
  },
  Mutation: {
    apiKeyCreate: async (_root, { input }: { input: IssueApiKeyInput }, ctx: RequestContext) => {
      requireSignedInAdmin(ctx, 'API keys')
      const issued = await issueApiKey(keyDeps(ctx), input, commandContext(ctx))
      return { apiKey: await readApiKey(ctx, issued.id), secret: issued.apiKey, eventPosition: issued.position }
    },
    apiKeyRevoke: adminOnly('API keys', writeResolver(apiKeyRevoke, { field: 'apiKey', read: readApiKey })),
    apiKeyRotate: async (_root, { input }: { input: unknown }, ctx: RequestContext) => {
      requireSignedInAdmin(ctx, 'API keys')
      const rotated = await rotateApiKey(keyDeps(ctx), input, commandContext(ctx))
      return {
        apiKey: await readApiKey(ctx, rotated.id),
        secret: rotated.apiKey,
        previousSecretExpiresAt: rotated.previousSecretsExpireAt,
        eventPosition: rotated.position,
      }
    },
  },
}

/** `ApiKey.lastUsedAt` comes from app/auth's usage table, not the read model: one query for every key of a response. */
const loaders: GraphQLSlice['loaders'] = {
  ApiKey: {
    lastUsedAt: batchLoader(idOf, (ctx, ids) => lastUsedOf(ctx.platform.database.db, ids)),
  },
}

export const apiKeySlice: GraphQLSlice = { typeDefs: apiKeyTypeDefs, resolvers, loaders }
