import path from 'node:path'
import { z } from 'zod'
import { BUILT_IN_PLANS, parsePlans, type Plan, type RateLimitSettings } from './ratelimit/plans.js'
import { CDN_API_URLS, type CdnPurgeSettings } from './cache/cdn-settings.js'

/** A yes/no variable, `true` or `false`, read as a boolean. */
const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true')

/**
 * Configuration is by environment only, each variable with a working default, so `npm start`
 * with nothing set runs the whole platform on embedded PGlite. A bad value fails at start with
 * one line naming the variable.
 */
const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('.emporium'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    EVENTSTORE_URL: z
      .string()
      .regex(
        /^(esdb|kurrentdb|kdb|esdb\+discover|kurrentdb\+discover|kdb\+discover):\/\//,
        'must be a kurrentdb:// or esdb:// connection string',
      )
      .optional(),
    PLATFORM_HOST: z.string().min(1).default('localhost'),
    INTERNAL_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    SECRETS_KEY: secretsKey().optional(),
    SECRETS_KEY_PREVIOUS: secretsKey().optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    MEDIA_S3_BUCKET: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    READ_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
    PUBLISH_SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5_000),
    GRAPHQL_PLAYGROUND: flag('true'),
    GRAPHQL_INTROSPECTION: flag('true'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
    MEDIA_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024, 'must be at least 1024 bytes')
      .max(2 ** 30, 'must be at most 1 GiB')
      .default(20 * 1024 * 1024),
    MEDIA_MAX_PIXELS: z.coerce
      .number()
      .int()
      .min(1_000_000, 'must be at least 1 MP')
      .max(500_000_000, 'must be at most 500 MP')
      .default(40_000_000),
    MEDIA_URL_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(15_000),
    MEDIA_S3_FORCE_PATH_STYLE: flag('false'),
    STOREFRONT_CACHE: z.enum(['auto', 'redis', 'memory', 'off']).default('auto'),
    STOREFRONT_CACHE_REDIS_PREFIX: z.string().min(1).default('emporium:storefront:'),
    DEMO_SHOP: flag('true'),
    MCP_ALLOWED_ORIGINS: z
      .string()
      .regex(
        /^https?:\/\/[^/,\s]+(,\s*https?:\/\/[^/,\s]+)*$/,
        'must be a comma-separated list of origins such as https://admin.example.com',
      )
      .optional(),
    RATE_LIMIT_ENABLED: flag('true'),
    RATE_LIMIT_BUCKET: z.coerce.number().int().min(1).default(BUILT_IN_PLANS.standard!.bucket),
    RATE_LIMIT_RESTORE_PER_SECOND: z.coerce.number().positive().default(BUILT_IN_PLANS.standard!.restorePerSecond),
    RATE_LIMIT_MAX_QUERY_COST: z.coerce.number().int().min(1).default(1_000),
    RATE_LIMIT_PLANS: z
      .string()
      .refine(
        (text) => 'plans' in parsePlans(text),
        'must be comma-separated name=bucket/restorePerSecond entries such as advanced=2000/100',
      )
      .optional(),
    RATE_LIMIT_REDIS_PREFIX: z.string().min(1).default('emporium:ratelimit:'),
    STOREFRONT_API_RATE_LIMIT: z
      .string()
      .regex(/^\d+\/\d+(\.\d+)?$/, 'must be <bucket>/<restorePerSecond>, e.g. 120/4')
      .default('120/4'),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    CDN_PURGE: z.enum(['none', 'fastly', 'cloudflare']).default('none'),
    FASTLY_SERVICE_ID: z
      .string()
      .regex(/^[A-Za-z0-9]+$/, 'must be the alphanumeric id of a Fastly service')
      .optional(),
    FASTLY_API_TOKEN: z.string().trim().min(1).optional(),
    FASTLY_SOFT_PURGE: flag('false'),
    CLOUDFLARE_ZONE_ID: z
      .string()
      .regex(/^[0-9a-f]{32}$/, 'must be the 32-hex-digit id of a Cloudflare zone')
      .optional(),
    CLOUDFLARE_API_TOKEN: z.string().trim().min(1).optional(),
    CDN_PURGE_API_URL: z
      .string()
      .regex(/^https?:\/\/[^/\s]+$/, 'must be an origin such as http://127.0.0.1:9999 (tests only)')
      .optional(),
    TRUST_PROXY: z
      .string()
      .regex(
        /^(true|false|[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*)$/,
        'must be true, false, or comma-separated proxy addresses/CIDRs',
      )
      .default('false')
      .transform(trustProxySetting),
  })
  .superRefine((env, ctx) => {
    const needed = {
      none: [],
      fastly: ['FASTLY_SERVICE_ID', 'FASTLY_API_TOKEN'],
      cloudflare: ['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN'],
    } as const
    for (const name of needed[env.CDN_PURGE])
      if (env[name] === undefined)
        ctx.addIssue({ code: 'custom', path: [name], message: `is required when CDN_PURGE=${env.CDN_PURGE}` })
  })

/** A 32-byte AES-256 key in base64, e.g. from `openssl rand -base64 32`. */
function secretsKey() {
  return z
    .string()
    .refine(
      (text) => /^[A-Za-z0-9+/]{43}=$/.test(text.trim()) && Buffer.from(text.trim(), 'base64').length === 32,
      'must be 32 bytes in base64 (44 characters, e.g. from `openssl rand -base64 32`)',
    )
    .transform((text) => Buffer.from(text.trim(), 'base64'))
}

/** fastify's `trustProxy`: which `X-Forwarded-For` hops to believe when telling a client's address. */
function trustProxySetting(value: string): boolean | string {
  return value === 'true' || value === 'false' ? value === 'true' : value
}

export type RawConfig = z.infer<typeof schema>

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  eventStoreUrl: string | undefined
  platformHost: string
  internalSecret: string | undefined
  /**
   * The platform key sealing payment provider secrets (AES-256-GCM); undefined = derived from
   * INTERNAL_SECRET, or a random key kept in the database, with a warning at start.
   */
  secretsKey: Buffer | undefined
  /** The key before the last rotation: values it sealed still open. */
  secretsKeyPrevious: Buffer | undefined
  redisUrl: string | undefined
  mediaS3Bucket: string | undefined
  logLevel: RawConfig['LOG_LEVEL']
  readWaitMs: number
  /** How long SIGTERM/SIGINT may take: requests drain, projections stop at a checkpoint, then the process exits regardless. */
  shutdownTimeoutMs: number
  /** How often the publish scheduler looks for products whose publishAt has come. */
  publishSchedulerIntervalMs: number
  graphqlPlayground: boolean
  graphqlIntrospection: boolean
  databasePoolSize: number
  /** Largest upload, staged upload or URL download, in bytes. */
  mediaMaxBytes: number
  /** Largest image, in pixels (all frames of an animation together). */
  mediaMaxPixels: number
  /** Deadline of a whole URL import, redirects included. */
  mediaUrlTimeoutMs: number
  /** Path-style bucket URLs, for S3-compatible stores such as MinIO. */
  mediaS3ForcePathStyle: boolean
  /** Whether `serve` fills the demo store it creates on an empty embedded data directory with a demo shop. */
  demoShop: boolean
  /** Where rendered storefront pages are kept: Redis (shared by nodes) when REDIS_URL is set, else in process. */
  storefrontCache: { kind: 'redis' | 'memory' | 'off'; redisPrefix: string }
  /** Browser origins besides the server's own host that may call `/mcp`. */
  mcpAllowedOrigins: string[]
  /** Cost-based rate limits per credential (`infra/ratelimit/`). */
  rateLimit: RateLimitSettings
  /** Requests per client address on the public storefront API: one point each, this bucket and refill. */
  storefrontApiRateLimit: Plan
  /** Bearer token `/metrics` asks for; undefined = open. */
  metricsToken: string | undefined
  /** The CDN in front of the storefront whose API the purger calls (`CDN_PURGE`); null = none. */
  cdnPurge: CdnPurgeSettings | null
  /**
   * Proxies whose `X-Forwarded-For` is believed (fastify's `trustProxy`): behind a load balancer
   * the client's address, which anonymous budgets are kept by, is otherwise the balancer's.
   */
  trustProxy: boolean | string
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = schema.safeParse(defined)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new ConfigError(`invalid configuration: ${issue.path.join('.')} ${issue.message}`)
  }
  const c = parsed.data
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    eventStoreUrl: c.EVENTSTORE_URL,
    platformHost: c.PLATFORM_HOST,
    internalSecret: c.INTERNAL_SECRET,
    secretsKey: c.SECRETS_KEY,
    secretsKeyPrevious: c.SECRETS_KEY_PREVIOUS,
    redisUrl: c.REDIS_URL,
    mediaS3Bucket: c.MEDIA_S3_BUCKET,
    logLevel: c.LOG_LEVEL,
    readWaitMs: c.READ_WAIT_MS,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    publishSchedulerIntervalMs: c.PUBLISH_SCHEDULER_INTERVAL_MS,
    graphqlPlayground: c.GRAPHQL_PLAYGROUND,
    graphqlIntrospection: c.GRAPHQL_INTROSPECTION,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    mediaMaxBytes: c.MEDIA_MAX_BYTES,
    mediaMaxPixels: c.MEDIA_MAX_PIXELS,
    mediaUrlTimeoutMs: c.MEDIA_URL_TIMEOUT_MS,
    mediaS3ForcePathStyle: c.MEDIA_S3_FORCE_PATH_STYLE,
    demoShop: c.DEMO_SHOP,
    storefrontCache: {
      kind: c.STOREFRONT_CACHE === 'auto' ? (c.REDIS_URL ? 'redis' : 'memory') : c.STOREFRONT_CACHE,
      redisPrefix: c.STOREFRONT_CACHE_REDIS_PREFIX,
    },
    mcpAllowedOrigins: c.MCP_ALLOWED_ORIGINS?.split(',').map((origin) => origin.trim()) ?? [],
    rateLimit: {
      enabled: c.RATE_LIMIT_ENABLED,
      plans: {
        ...BUILT_IN_PLANS,
        standard: { bucket: c.RATE_LIMIT_BUCKET, restorePerSecond: c.RATE_LIMIT_RESTORE_PER_SECOND },
        ...(c.RATE_LIMIT_PLANS ? (parsePlans(c.RATE_LIMIT_PLANS) as { plans: Record<string, Plan> }).plans : {}),
      },
      maxQueryCost: c.RATE_LIMIT_MAX_QUERY_COST,
      redisPrefix: c.RATE_LIMIT_REDIS_PREFIX,
    },
    storefrontApiRateLimit: storefrontPlan(c.STOREFRONT_API_RATE_LIMIT),
    metricsToken: c.METRICS_TOKEN,
    cdnPurge: cdnPurgeSettings(c),
    trustProxy: c.TRUST_PROXY,
  }
}

/** `STOREFRONT_API_RATE_LIMIT=120/4`: a bucket of 120 requests per client address, refilled at 4 a second. */
function storefrontPlan(text: string): Plan {
  const [bucket, restorePerSecond] = text.split('/').map(Number) as [number, number]
  if (bucket < 1 || restorePerSecond <= 0)
    throw new ConfigError(
      `invalid configuration: STOREFRONT_API_RATE_LIMIT needs a bucket of at least 1 and a positive refill`,
    )
  return { bucket, restorePerSecond }
}

/** `CDN_PURGE` with its provider's variables, which the schema has checked are all there. */
function cdnPurgeSettings(c: RawConfig): CdnPurgeSettings | null {
  if (c.CDN_PURGE === 'fastly')
    return {
      provider: 'fastly',
      serviceId: c.FASTLY_SERVICE_ID!,
      apiToken: c.FASTLY_API_TOKEN!,
      softPurge: c.FASTLY_SOFT_PURGE,
      apiUrl: c.CDN_PURGE_API_URL ?? CDN_API_URLS.fastly,
    }
  if (c.CDN_PURGE === 'cloudflare')
    return {
      provider: 'cloudflare',
      zoneId: c.CLOUDFLARE_ZONE_ID!,
      apiToken: c.CLOUDFLARE_API_TOKEN!,
      apiUrl: c.CDN_PURGE_API_URL ?? CDN_API_URLS.cloudflare,
    }
  return null
}
