import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { buildApp, type App } from '../../api/app.js'
import { ALL_SCOPES, type Scope } from '../../domain/shared/scopes.js'
import { loadConfig, type Config } from '../../infra/config.js'
import { createLogger, type Logger } from '../../infra/logging/logger.js'
import type { Projection } from '../../infra/projections/projection.js'
import { createTenant, createKey } from '../../app/operations/tenants.js'
import { allPlatformParts } from '../../app/all-parts.js'
import { Platform } from '../../app/platform.js'
import { createTestDatabase, type TestDatabase } from './database.js'
import { perFile } from './per-file.js'

export interface Tenant {
  organizationId: string
  storeId: string
  storeSlug: string
  apiKey: string
}

export interface GraphQLResponse<Data = Record<string, unknown>> {
  status: number
  data: Data | null
  errors:
    | { message: string; extensions: { code: string; field?: (string | number)[] } & Record<string, unknown> }[]
    | undefined
  headers: LightMyRequestResponse['headers']
}

export interface TestApp {
  app: App
  platform: Platform
  test: TestDatabase
  tenant(slug: string, scopes?: readonly Scope[]): Promise<Tenant>
  key(storeSlug: string, scopes: readonly Scope[]): Promise<string>
  gql<Data = Record<string, unknown>>(
    apiKey: string | null,
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphQLResponse<Data>>
  close(): Promise<void>
}

/**
 * A rate-limit budget no test runs dry, so suites that are not about rate limiting are not
 * throttled; the rate-limit suites set their own plans through `config.rateLimit`. The per-query
 * maximum stays the production one.
 */
const TEST_ENV = { RATE_LIMIT_BUCKET: '1000000', RATE_LIMIT_RESTORE_PER_SECOND: '1000000' }

/** POST /graphql through `app.inject`, keeping the status and headers a client would see. */
export async function injectGraphQL<Data = Record<string, unknown>>(
  app: App,
  apiKey: string | null,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<GraphQLResponse<Data>> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      ...headers,
    },
    payload: JSON.stringify({ query, variables }),
  })
  const body = response.json() as { data?: Data; errors?: GraphQLResponse['errors'] }
  return { status: response.statusCode, data: body.data ?? null, errors: body.errors, headers: response.headers }
}

/** POST /graphql with any body (JSON by default), as a client library or an attacker would send it. */
export function postGraphQL(
  app: App,
  payload: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  })
}

/**
 * Checks an answer GraphQL never executed: `status`, and a body of exactly one error with `message`
 * and `code`, as `errorBody` (api/graphql/shared/errors.ts) writes it.
 */
export function expectErrorBody(response: LightMyRequestResponse, status: number, code: string, message: string): void {
  expect(response.statusCode).toBe(status)
  expect(response.json()).toEqual({ errors: [{ message, extensions: { code } }] })
}

/** How a test starts its app; every part has the default the other tests run with. */
export interface TestAppOptions {
  runProjections?: boolean
  config?: Partial<Config>
  pglite?: boolean
  /** The projections to run instead of all of them, e.g. wrapped ones a test makes fail. */
  projections?: readonly Projection[]
  /** Where the app logs; silent unless TEST_LOG_LEVEL says otherwise. */
  logger?: Logger
}

/** The whole API on a per-file database, driven through `app.inject()` as a client would. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const test = await createTestDatabase({ pglite: options.pglite })
  const config = {
    ...loadConfig(TEST_ENV),
    databaseUrl: test.url,
    logLevel: 'silent' as const,
    readWaitMs: 10_000,
    ...options.config,
  }
  const logger = options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent')
  const platform = await Platform.open(
    config,
    logger,
    { ...allPlatformParts, projections: options.projections ?? allPlatformParts.projections },
    { runProjections: options.runProjections ?? true, database: test.database },
  )
  const app = await buildApp(platform)
  return {
    app,
    platform,
    test,
    tenant: (slug, scopes = ALL_SCOPES) =>
      createTenant(platform, {
        organizationName: `Org of ${slug}`,
        storeSlug: slug,
        storeName: `Store ${slug}`,
        scopes,
      }),
    key: async (storeSlug, scopes) =>
      (await createKey(platform, { storeSlug, scopes, name: `test key ${scopes.join(' ')}` })).apiKey,
    gql: (apiKey, query, variables, headers) => injectGraphQL(app, apiKey, query, variables, headers),
    async close() {
      await app.close()
      await platform.close()
      await test.drop()
    },
  }
}

/**
 * The app of a test file, started before its tests and closed after them. Options given as a
 * function are read when it starts, after the hooks registered before it: a fake server's URL.
 *
 * @example
 * const cdn = useFakeCdn()
 * const t = useTestApp(() => ({ config: { cdnPurge: { provider: 'fastly', …, apiUrl: cdn.url } } }))
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  return perFile(
    () => startTestApp(typeof options === 'function' ? options() : options),
    (t) => t.close(),
  )
}

/**
 * A store of the file's app, made in `beforeAll` once the app has started, instead of a `let`
 * every file assigns by hand. Read its fields in hooks and tests, as with `perFile`.
 *
 * @example
 * const t = useTestApp()
 * const shop = useTenant(t, 'cache-shop')
 */
export function useTenant(t: TestApp, slug: string, scopes?: readonly Scope[]): Tenant {
  return perFile(
    () => t.tenant(slug, scopes),
    () => Promise.resolve(),
  )
}

/**
 * The `run` of a resource's suite: runs the mutation `document(name)` with `{ input }` and answers
 * the whole response, errors included.
 *
 * @example
 * const run = mutationRunner<{ page: PageView | null; eventPosition: string | null }>(t, contentMutation)
 * const created = await run(apiKey, 'pageCreate', { title: 'About us' })
 */
export function mutationRunner<Payload>(t: TestApp, document: (name: string) => string) {
  return (apiKey: string, name: string, input: Record<string, unknown>) =>
    t.gql<Record<string, Payload>>(apiKey, document(name), { input })
}
