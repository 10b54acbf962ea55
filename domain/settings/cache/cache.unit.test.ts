import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { PURGE_MAX_ITEMS, cachePurgeInput, type CachePurge } from './commands.js'
import { cacheDecider } from './decide.js'
import { cachePurge, cacheRebuild } from './definitions.js'
import { contextWith, prepareEnv } from '../../../test/support/decide-context.js'

const storeId = '0190a0b0-0000-7000-8000-000000000002'
const purgeId = '0190a0b0-0000-7000-8000-0000000000c1'
const ctx = contextWith({ now: new Date('2026-11-21T10:00:00Z'), organizationId: 'org', storeId })
const spec = deciderSpec(cacheDecider, ctx)
const env = prepareEnv({ ctx, newId: () => purgeId })
const purge: CachePurge = {
  type: 'CachePurge',
  data: { storeId, purgeId, paths: ['/'], surrogateKeys: [], all: false },
}

describe('cachePurge', () => {
  it('records the purge request', () => {
    spec
      .given([])
      .when(purge)
      .then([{ type: 'CachePurgeRequested', data: { storeId, purgeId, paths: ['/'], surrogateKeys: [], all: false } }])
  })

  it('refuses a request id used before', () => {
    spec
      .given([{ type: 'CachePurgeRequested', data: purge.data }])
      .when(purge)
      .thenFails({ code: 'CONFLICT' })
  })

  it('writes one stream per request under the store', async () => {
    const prepared = await cachePurge.prepare(cachePurgeInput.parse({ all: true }), env)
    expect(prepared).toEqual({
      stream: `cache-${storeId}_${purgeId}`,
      entityId: purgeId,
      command: { type: 'CachePurge', data: { storeId, purgeId, paths: [], surrogateKeys: [], all: true } },
    })
  })

  it.each([
    [{}, 'say what to purge'],
    [{ all: false }, 'say what to purge'],
    [{ all: true, surrogateKeys: ['a'] }, 'leave out paths and surrogateKeys'],
    [{ paths: Array.from({ length: PURGE_MAX_ITEMS + 1 }, (_, i) => `/p${i}`) }, `at most ${PURGE_MAX_ITEMS}`],
    [{ paths: ['/'], extra: 1 }, 'does not take extra'],
  ])('rejects %j', (input, message) => {
    expect(cachePurgeInput.safeParse(input).error?.issues[0]?.message).toContain(message)
  })

  it('deduplicates paths and keys', () => {
    expect(cachePurgeInput.parse({ paths: ['/a', '/a'], surrogateKeys: ['k', 'k'] })).toMatchObject({
      paths: ['/a'],
      surrogateKeys: ['k'],
    })
  })
})

describe('cacheRebuild', () => {
  it('records the rebuild request', () => {
    spec
      .given([])
      .when({ type: 'CacheRebuild', data: { storeId, rebuildId: purgeId } })
      .then([{ type: 'CacheRebuildRequested', data: { storeId, rebuildId: purgeId } }])
  })

  it('is store-scoped and not offered to agents', async () => {
    expect(cacheRebuild).toMatchObject({ storeScoped: true, transports: ['graphql', 'cli'], scope: 'settings:write' })
    expect(await cacheRebuild.prepare({}, env)).toMatchObject({ stream: `cache-${storeId}_${purgeId}` })
  })
})
