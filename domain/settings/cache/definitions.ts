import { defineCommand } from '../../shared/command.js'
import { cachePurgeInput, cacheRebuildInput } from './commands.js'
import { cacheDecider } from './decide.js'
import { CACHE_CATEGORY, cacheStream } from './streams.js'
import { storeOf } from '../../shared/store-of.js'

const SETTINGS = { resource: CACHE_CATEGORY, scope: 'settings:write', storeScoped: true } as const

export const cachePurge = defineCommand({
  name: 'cachePurge',
  tool: 'purge_cache',
  description:
    "Drops cached storefront responses of the selected store: paths (e.g. ['/products/red-shirt']), surrogateKeys (e.g. ['product:<id>']) " +
    'or all: true. Every API node and the CDN follow the purge; the next visit renders fresh. Returns the purge id.',
  ...SETTINGS,
  transports: ['graphql', 'mcp', 'cli'],
  annotations: { destructive: false, idempotent: true },
  input: cachePurgeInput,
  prepare(input, env) {
    const storeId = storeOf(env)
    const purgeId = env.newId()
    const data = {
      storeId,
      purgeId,
      paths: input.paths ?? [],
      surrogateKeys: input.surrogateKeys ?? [],
      all: input.all === true,
    }
    return { stream: cacheStream(storeId, purgeId), command: { type: 'CachePurge' as const, data }, entityId: purgeId }
  },
  decider: cacheDecider,
})

export const cacheRebuild = defineCommand({
  name: 'cacheRebuild',
  tool: 'rebuild_cache',
  description:
    "Rebuilds the selected store's read models from its events (the store-level projection rebuild). Returns a rebuild id for cacheRebuildStatus.",
  ...SETTINGS,
  transports: ['graphql', 'cli'],
  annotations: { destructive: false, idempotent: false },
  input: cacheRebuildInput,
  prepare(_input, env) {
    const storeId = storeOf(env)
    const rebuildId = env.newId()
    return {
      stream: cacheStream(storeId, rebuildId),
      command: { type: 'CacheRebuild' as const, data: { storeId, rebuildId } },
      entityId: rebuildId,
    }
  },
  decider: cacheDecider,
})

export const cacheDefinitions = [cachePurge, cacheRebuild] as const
