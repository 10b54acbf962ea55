import { createHash } from 'node:crypto'
import { sql, type RawBuilder } from 'kysely'
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely'
import type pg from 'pg'

const MARK = '/* prepared */ '

/**
 * Put first in a statement whose text is the same on every call (only its parameters change), or
 * at the front of a kysely select (`modifyFront`): Postgres then parses and plans it once per
 * connection instead of on every call. A storefront collection page's product details cost more
 * to parse and plan than to run. Mark only statements that name their columns: a prepared
 * `select *` fails on its connection once a migration adds a column.
 *
 * @example sql`${prepared()}select … from unnest(${ids}::uuid[]) as p(id)`
 * @example db.selectFrom('products').select(['id', 'title']).modifyFront(prepared())
 */
export const prepared = (): RawBuilder<unknown> => sql.raw(MARK)

/** The statement names given so far, by text: each marked text is hashed once. */
const names = new Map<string, string>()

const isMarked = (text: string) => text.startsWith(MARK) || text.startsWith(`select ${MARK}`)

function nameOf(text: string): string {
  let name = names.get(text)
  if (!name) {
    name = `emporium_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`
    names.set(text, name)
  }
  return name
}

/**
 * A pg client as kysely uses it, which sends a marked statement as a named prepared statement
 * (pg parses it on the connection's first use and binds it afterwards); any other passes as is.
 */
class PreparingClient implements PostgresPoolClient {
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>
  query<R>(
    text: string | PostgresCursor<R>,
    parameters: readonly unknown[] = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // The dialect is given no cursor class, so kysely refuses to stream before it would get here.
    if (typeof text !== 'string') throw new Error('streaming queries are not configured')
    return this.run(text, [...parameters])
  }

  private async run<R>(text: string, values: unknown[]): Promise<PostgresQueryResult<R>> {
    const config = isMarked(text) ? { name: nameOf(text), text, values } : { text, values }
    const { command, rowCount, rows } = await this.client.query<R & pg.QueryResultRow>(config)
    // pg types the command tag as any string; kysely names the ones its statements produce.
    return { command: command as PostgresQueryResult<R>['command'], rowCount: rowCount ?? 0, rows }
  }

  release(destroy?: boolean): void {
    this.client.release(destroy)
  }
}

/**
 * The pool kysely's Postgres dialect is given. Each pg client keeps one wrapper, since kysely
 * keeps its connection objects by the client the pool hands out.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PreparingClient>()
  return {
    options: pool.options,
    async connect() {
      const client = await pool.connect()
      let wrapper = wrappers.get(client)
      if (!wrapper) {
        wrapper = new PreparingClient(client)
        wrappers.set(client, wrapper)
      }
      return wrapper
    },
    end: () => pool.end(),
  }
}
