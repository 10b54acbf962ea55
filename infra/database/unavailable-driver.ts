import {
  PostgresDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import { asUnavailable } from './unavailable.js'

/**
 * The Postgres dialect whose every failure from a lost or refused connection surfaces as
 * `DatabaseUnavailableError` (`SERVICE_UNAVAILABLE`), whoever ran the query: a resolver, an MCP
 * tool, an HTTP route, authentication. Each caller would otherwise see a raw driver error and
 * answer 500 for what is a restart. Other errors (constraint violations, …) pass unchanged.
 */
export class UnavailableMappingPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new UnavailableMappingDriver(super.createDriver())
  }
}

type CompileQuery = QueryCompiler['compileQuery']

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw asUnavailable(error)
  }
}

/** A connection handed out by the wrapper; the inner driver gets its own connection back. */
class MappedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return mapped(() => this.inner.executeQuery<R>(query))
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize)
    } catch (error) {
      throw asUnavailable(error)
    }
  }
}

class UnavailableMappingDriver implements Driver {
  /** One wrapper per inner connection, so kysely sees the same connection object each time the pool hands it out. */
  private readonly wrappers = new WeakMap<DatabaseConnection, MappedConnection>()

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init()
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await mapped(() => this.inner.acquireConnection())
    let wrapper = this.wrappers.get(connection)
    if (!wrapper) {
      wrapper = new MappedConnection(connection)
      this.wrappers.set(connection, wrapper)
    }
    return wrapper
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return mapped(() => this.inner.beginTransaction(innerOf(connection), settings))
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return mapped(() => this.inner.commitTransaction(innerOf(connection)))
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return mapped(() => this.inner.rollbackTransaction(innerOf(connection)))
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: CompileQuery): Promise<void> {
    await mapped(async () => this.inner.savepoint?.(innerOf(connection), name, compileQuery))
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: CompileQuery): Promise<void> {
    await mapped(async () => this.inner.rollbackToSavepoint?.(innerOf(connection), name, compileQuery))
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: CompileQuery): Promise<void> {
    await mapped(async () => this.inner.releaseSavepoint?.(innerOf(connection), name, compileQuery))
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(innerOf(connection))
  }

  destroy(): Promise<void> {
    return this.inner.destroy()
  }
}

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof MappedConnection ? connection.inner : connection
}
