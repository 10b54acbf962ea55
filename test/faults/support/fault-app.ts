import { buildApp, type App } from '../../../api/app.js'
import { ALL_SCOPES } from '../../../domain/shared/scopes.js'
import { loadConfig, type Config } from '../../../infra/config.js'
import { openDatabase } from '../../../infra/database/database.js'
import { createLogger } from '../../../infra/logging/logger.js'
import { createTenant } from '../../../app/operations/tenants.js'
import { Platform } from '../../../app/platform.js'
import { injectGraphQL, type GraphQLResponse, type Tenant } from '../../support/app.js'
import { allPlatformParts } from '../../../app/all-parts.js'

/**
 * Creates a tenant in the database a server process serves (which runs the projections), from
 * this process: the platform opened here only appends and waits for the server's read models.
 */
export async function createTenantIn(databaseUrl: string, slug: string): Promise<Tenant> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 })
  const logger = createLogger('silent')
  const platform = await Platform.open(
    { ...loadConfig({}), databaseUrl, logLevel: 'silent' },
    logger,
    allPlatformParts,
    { runProjections: false, database },
  )
  try {
    return await createTenant(platform, {
      organizationName: `Org of ${slug}`,
      storeSlug: slug,
      storeName: `Store ${slug}`,
      scopes: ALL_SCOPES,
    })
  } finally {
    await platform.close()
  }
}

export interface FaultApp {
  app: App
  platform: Platform
  tenant(slug: string): Promise<Tenant>
  /** POST /graphql through `app.inject`, keeping the status and headers a client would see. */
  gql<Data = Record<string, unknown>>(
    apiKey: string,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GraphQLResponse<Data>>
  close(): Promise<void>
}

/**
 * The whole API in this process on a database of the test's choosing (a private cluster it
 * restarts), where `startTestApp` always makes its own on the shared server.
 */
export async function startFaultApp(databaseUrl: string | undefined, config: Partial<Config> = {}): Promise<FaultApp> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 10 })
  const settings: Config = {
    ...loadConfig({ RATE_LIMIT_BUCKET: '1000000', RATE_LIMIT_RESTORE_PER_SECOND: '1000000' }),
    databaseUrl,
    logLevel: 'silent',
    ...config,
  }
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent')
  const platform = await Platform.open(settings, logger, allPlatformParts, { runProjections: true, database })
  const app = await buildApp(platform)
  return {
    app,
    platform,
    tenant: (slug) =>
      createTenant(platform, {
        organizationName: `Org of ${slug}`,
        storeSlug: slug,
        storeName: `Store ${slug}`,
        scopes: ALL_SCOPES,
      }),
    gql: (apiKey, query, variables) => injectGraphQL(app, apiKey, query, variables),
    async close() {
      await app.close()
      await platform.close()
    },
  }
}
