import { Redis } from 'ioredis'

/** A Lua script defined as a command of the client. */
export interface RedisScript {
  lua: string
  numberOfKeys?: number
}

/**
 * A Redis client that fails fast while the server is away (no offline queue, one retry, a second
 * per command) and reconnects by itself, at least once a second, so what it serves works again
 * within a second of Redis coming back. `onError` hears connection trouble; a server that is down
 * at start is not fatal. `scripts` become commands of the client before it connects.
 *
 * @example const client = await openFailFastRedis(url, onError, { emporiumTakeTokens: { numberOfKeys: 1, lua: TAKE_SCRIPT } })
 */
export async function openFailFastRedis(
  url: string,
  onError: (error: Error) => void,
  scripts: Readonly<Record<string, RedisScript>>,
): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  })
  client.on('error', onError)
  for (const [name, script] of Object.entries(scripts)) client.defineCommand(name, script)
  await client.connect().catch(onError)
  return client
}
