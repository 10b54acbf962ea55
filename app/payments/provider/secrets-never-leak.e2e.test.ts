import { execFile } from 'node:child_process'
import path from 'node:path'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createLogger } from '../../../infra/logging/logger.js'
import { useTestApp } from '../../../test/support/app.js'
import { callTool, connect, httpTransport } from '../../../test/support/mcp.js'
import { createTenant } from '../../operations/tenants.js'
import { webhookSigningSecrets } from './open.js'

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

const logLines: string[] = []
const answers: string[] = []

/** A log destination that keeps every line it is given in `lines`. */
function collectInto(lines: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'))
      done()
    },
  })
}

const t = useTestApp({
  config: { logLevel: 'trace' },
  logger: createLogger('trace', 'emporium', collectInto(logLines)),
})

/** POST /graphql, keeping the answer for the final check that none holds a secret. */
async function gql(apiKey: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await t.gql(apiKey, query, variables)
  answers.push(JSON.stringify({ data: response.data, errors: response.errors }))
  return response
}

const CONFIGURE = `mutation ($input: PaymentProviderConfigureInput!) {
  paymentProviderConfigure(input: $input) { paymentProvider { provider secretKeyLast4 signingSecretLast4 previousSigningSecretLast4 keyId } eventPosition } }`

function exportEvents(slug: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', 'events', 'export', '--store', slug],
      { cwd: root, env: { ...process.env, DATABASE_URL: t.test.url ?? '', LOG_LEVEL: 'trace' }, timeout: 60_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout + stderr)),
    )
  })
}

function expectNoSecret(where: string, text: string): void {
  for (const canary of CANARIES) expect(text.includes(canary), `${where} holds a secret`).toBe(false)
}

describe('payment provider secrets', { timeout: 120_000 }, () => {
  it('are sealed in the secrets table and never reach events, audit log, export, answers or logs', async () => {
    const tenant = await createTenant(t.platform, {
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
      httpTransport(`${await t.app.listen({ port: 0, host: '127.0.0.1' })}/mcp`, tenant.apiKey),
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
    expect(await webhookSigningSecrets(t.platform, tenant.storeId, 'STRIPE')).toEqual([
      SECRETS.rotated,
      SECRETS.signing,
    ])
    const sealed = await sql<{
      sealed: string
      key_id: string
    }>`select sealed, key_id from payment_provider_secrets`.execute(t.platform.database.db)
    expect(sealed.rows.length).toBeGreaterThanOrEqual(4)
    for (const row of sealed.rows)
      expectNoSecret('a sealed row', `${row.sealed} ${Buffer.from(row.sealed, 'base64').toString('latin1')}`)

    // Events, as the log holds them and as the export writes them.
    const events = await t.platform.eventStore.readAll({
      from: null,
      filter: { scopeId: tenant.storeId },
      limit: 10_000,
    })
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

    if (t.test.url) {
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
    const logger = createLogger('info', 'emporium', collectInto(lines))
    logger.info({ input: { secretKey: SECRETS.secretKey, webhookSigningSecret: SECRETS.signing } }, 'command')
    logger.info({ variables: { input: { secretKey: SECRETS.secretKey } } }, 'graphql')
    expectNoSecret('a redacted log line', lines.join(''))
    expect(lines.join('')).toContain('[redacted]')
  })
})
