import { execFile } from 'node:child_process'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { buildApp, type App } from '../../../api/app.js'
import { allCommands } from '../../../domain/commands.js'
import { loadConfig } from '../../../infra/config.js'
import { createLogger } from '../../../infra/logging/logger.js'
import { allProjections } from '../../../projections/all.js'
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js'
import { callTool, connect, httpTransport } from '../../../test/support/mcp.js'
import { createTenant } from '../../operations/tenants.js'
import { Platform } from '../../platform.js'
import { webhookSigningSecrets } from './open.js'
import { platformReactions } from '../../reactions/all.js'

// A payment provider's secrets reach the secrets table sealed, and nowhere else: not the events,
// the audit log, an export, an answer (GraphQL or MCP) or a log line — even at trace level and
// when a command is refused.

const root = path.resolve(import.meta.dirname, '../../..')
const SECRETS = {
  secretKey: 'sk_live_51LeakCanaryKEYq7Zr2Xw9Vb4Nm',
  signing: 'whsec_LeakCanarySIGNINGp3Kd8Jh2Lq5',
  rotated: 'whsec_LeakCanaryROTATEDm6Tn1Yc4Ws0',
  refused: 'sk_live_51LeakCanaryREFUSEDa8Bc7De6',
  misshapen: 'pk_live_LeakCanaryMISSHAPEN0123',
}
/** The part of each secret that must never show: all but the last 4 characters. */
const CANARIES = Object.values(SECRETS).map((secret) => secret.slice(0, -4))

let test: TestDatabase
let platform: Platform
let app: App
const logLines: string[] = []
const answers: string[] = []

beforeAll(async () => {
  test = await createTestDatabase()
  const logs = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'))
      done()
    },
  })
  const logger = createLogger('trace', 'emporium', logs)
  const config = {
    ...loadConfig({ RATE_LIMIT_BUCKET: '1000000', RATE_LIMIT_RESTORE_PER_SECOND: '1000000' }),
    databaseUrl: test.url,
    logLevel: 'trace' as const,
    readWaitMs: 10_000,
  }
  platform = await Platform.open(
    config,
    logger,
    { commands: allCommands, projections: allProjections, reactions: platformReactions },
    { runProjections: true, database: test.database },
  )
  app = await buildApp(platform)
})
afterAll(async () => {
  await app?.close()
  await platform?.close()
  await test?.drop()
})

async function gql(apiKey: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    payload: JSON.stringify({ query, variables }),
  })
  answers.push(response.body)
  return response.json() as { data?: Record<string, unknown>; errors?: { extensions: { code: string } }[] }
}

const CONFIGURE = `mutation ($input: PaymentProviderConfigureInput!) {
  paymentProviderConfigure(input: $input) { paymentProvider { provider secretKeyLast4 signingSecretLast4 previousSigningSecretLast4 keyId } eventPosition } }`

function exportEvents(slug: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', 'events', 'export', '--store', slug],
      { cwd: root, env: { ...process.env, DATABASE_URL: test.url ?? '', LOG_LEVEL: 'trace' }, timeout: 60_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout + stderr)),
    )
  })
}

function expectNoSecret(where: string, text: string): void {
  for (const canary of CANARIES) expect(text.includes(canary), `${where} holds a secret`).toBe(false)
}

describe('payment provider secrets', { timeout: 120_000 }, () => {
  it('are sealed in the secrets table and never reach events, audit log, export, answers or logs', async () => {
    const tenant = await createTenant(platform, {
      organizationName: 'Leak Org',
      storeSlug: 'leak-shop',
      storeName: 'Leak shop',
    })
    const ok = await gql(tenant.apiKey, CONFIGURE, {
      input: { provider: 'STRIPE', secretKey: SECRETS.secretKey, webhookSigningSecret: SECRETS.signing },
    })
    expect(ok.errors).toBeUndefined()
    expect(ok.data!.paymentProviderConfigure).toMatchObject({
      paymentProvider: { secretKeyLast4: SECRETS.secretKey.slice(-4), signingSecretLast4: SECRETS.signing.slice(-4) },
    })
    const rotated = await gql(tenant.apiKey, CONFIGURE, {
      input: { provider: 'STRIPE', webhookSigningSecret: SECRETS.rotated, signingSecretOverlapSeconds: 600 },
    })
    expect(rotated.errors).toBeUndefined()
    // Refused: misshapen (never sealed), and well-shaped but on a TEST provider (refused by validation).
    expect(
      (await gql(tenant.apiKey, CONFIGURE, { input: { provider: 'STRIPE', secretKey: SECRETS.misshapen } })).errors![0]!
        .extensions.code,
    ).toBe('BAD_USER_INPUT')
    expect(
      (await gql(tenant.apiKey, CONFIGURE, { input: { provider: 'TEST', secretKey: SECRETS.refused } })).errors![0]!
        .extensions.code,
    ).toBe('BAD_USER_INPUT')

    // Through MCP too.
    const client = await connect(
      httpTransport(`${await app.listen({ port: 0, host: '127.0.0.1' })}/mcp`, tenant.apiKey),
    )
    try {
      const configured = await callTool<Record<string, unknown>>(client, 'configure_payment_provider', {
        provider: 'STRIPE',
        secretKey: SECRETS.refused,
      })
      expect(configured.data).toMatchObject({ provider: 'STRIPE', secretKeyLast4: SECRETS.refused.slice(-4) })
      answers.push(JSON.stringify(configured))
      const listed = await callTool<{ providers: unknown[] }>(client, 'list_payment_providers', {})
      expect(listed.data.providers).toHaveLength(1)
      answers.push(JSON.stringify(listed))
    } finally {
      await client.close()
    }

    // The secrets are usable: they are in the table, sealed.
    expect(await webhookSigningSecrets(platform, tenant.storeId, 'STRIPE')).toEqual([SECRETS.rotated, SECRETS.signing])
    const sealed = await sql<{
      sealed: string
      key_id: string
    }>`select sealed, key_id from payment_provider_secrets`.execute(platform.database.db)
    expect(sealed.rows.length).toBeGreaterThanOrEqual(4)
    for (const row of sealed.rows)
      expectNoSecret('a sealed row', `${row.sealed} ${Buffer.from(row.sealed, 'base64').toString('latin1')}`)

    // Events, as the log holds them and as the export writes them.
    const events = await platform.eventStore.readAll({ from: null, filter: { scopeId: tenant.storeId }, limit: 10_000 })
    const providerEvents = events.filter((event) => event.streamName.startsWith('paymentprovider-'))
    expect(providerEvents.map((event) => event.type)).toEqual([
      'PaymentProviderConfigured',
      'PaymentProviderSigningSecretRotated',
      'PaymentProviderSecretKeyChanged',
    ])
    expect(JSON.stringify(providerEvents)).toContain(SECRETS.secretKey.slice(-4))
    expectNoSecret('the event log', JSON.stringify(events))

    const audit = await gql(
      tenant.apiKey,
      '{ auditLog(filter: { entityType: "paymentprovider" }, first: 250) { nodes { type entityId data } } }',
    )
    expect(audit.errors).toBeUndefined()
    expect(JSON.stringify(audit.data)).toContain('PaymentProviderSigningSecretRotated')

    if (test.url) {
      const exported = await exportEvents('leak-shop')
      expect(exported).toContain('PaymentProviderConfigured')
      expectNoSecret('the events export', exported)
    }

    expect(answers.length).toBeGreaterThan(4)
    expectNoSecret('an answer', answers.join('\n'))
    expect(logLines.length).toBeGreaterThan(0)
    expectNoSecret('the logs', logLines.join(''))
  })

  it('redacts secret fields in log lines by path', () => {
    const lines: string[] = []
    const logger = createLogger(
      'info',
      'emporium',
      new Writable({
        write(chunk: Buffer, _e, done) {
          lines.push(chunk.toString('utf8'))
          done()
        },
      }),
    )
    logger.info({ input: { secretKey: SECRETS.secretKey, webhookSigningSecret: SECRETS.signing } }, 'command')
    logger.info({ variables: { input: { secretKey: SECRETS.secretKey } } }, 'graphql')
    expectNoSecret('a redacted log line', lines.join(''))
    expect(lines.join('')).toContain('[redacted]')
  })
})
