import { conflict } from '../../shared/errors.js'
import type { Decider } from '../../shared/event.js'
import type { CacheCommand } from './commands.js'
import type { CacheEvent } from './events.js'

/** A request stream holds one request: the state is whether it was made. */
export type CacheRequestState = { requested: boolean }

export function decideCache(command: CacheCommand, state: CacheRequestState): CacheEvent[] {
  // Ids are generated per command, so this only happens when a retry reuses one.
  if (state.requested) throw conflict('this cache request was already made; send a new one')
  switch (command.type) {
    case 'CachePurge':
      return [
        {
          type: 'CachePurgeRequested',
          data: { ...command.data, paths: [...command.data.paths], surrogateKeys: [...command.data.surrogateKeys] },
        },
      ]
    case 'CacheRebuild':
      return [{ type: 'CacheRebuildRequested', data: { ...command.data } }]
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

export const cacheDecider: Decider<CacheRequestState, CacheCommand, CacheEvent> = {
  initialState: () => ({ requested: false }),
  evolve: () => ({ requested: true }),
  decide: decideCache,
}
