import { execFile } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../infra/config.js'
import { createLogger } from '../../infra/logging/logger.js'
import { createTenant } from '../../app/operations/tenants.js'
import { Platform } from '../../app/platform.js'
import { webhookSigningSecrets } from '../../app/payments/provider/open.js'
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js'
import { allPlatformParts } from '../../app/all-parts.js'

// `emporium payments …` as an operator runs it, in a child process against this file's Postgres
// database (PGlite allows one process at a time, so this suite needs DATABASE_URL).

const root = path.resolve(import.meta.dirname, '../..')
const pg = Boolean(process.env.DATABASE_URL)
const SK = 'sk_test_51CliOperatorKeyAbCdEf9876'
const WHSEC = 'whsec_CliOperatorSigningSecret42xY'

let test: TestDatabase
let platform: Platform
let storeId: string

function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', 'payments', ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: test.url ?? '', LOG_LEVEL: 'info', ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    )
  })
}

beforeAll(async () => {
  if (!pg) return
  test = await createTestDatabase()
  platform = await Platform.open(
    { ...loadConfig({}), databaseUrl: test.url, logLevel: 'silent' },
    createLogger('silent'),
    allPlatformParts,
    { runProjections: true, database: test.database },
  )
  storeId = (await createTenant(platform, { organizationName: 'Cli Org', storeSlug: 'cli-pay', storeName: 'Cli pay' }))
    .storeId
})
afterAll(async () => {
  await platform?.close()
  await test?.drop()
})

describe.runIf(pg)('emporium payments', { timeout: 180_000 }, () => {
  it('configures STRIPE from secrets in the environment, lists and removes it, showing only last 4 characters', async () => {
    const configured = await cli(['configure', '--store', 'cli-pay', '--provider', 'STRIPE'], {
      PAYMENT_SECRET_KEY: SK,
      PAYMENT_WEBHOOK_SIGNING_SECRET: WHSEC,
    })
    expect(configured.stderr).toBe('')
    expect(configured.code).toBe(0)
    expect(JSON.parse(configured.stdout)).toMatchObject({
      store: 'cli-pay',
      paymentProvider: { provider: 'STRIPE', secretKeyLast4: SK.slice(-4), signingSecretLast4: WHSEC.slice(-4) },
    })
    expect(configured.stdout).not.toContain(SK.slice(0, -4))
    expect(await webhookSigningSecrets(platform, storeId, 'STRIPE')).toEqual([WHSEC])

    const listed = await cli(['list', '--store', 'cli-pay'])
    expect(JSON.parse(listed.stdout)).toMatchObject({
      providers: [{ provider: 'STRIPE', secretKeyLast4: SK.slice(-4) }],
    })

    const removed = await cli(['remove', '--store', 'cli-pay', '--provider', 'STRIPE'])
    expect(JSON.parse(removed.stdout)).toMatchObject({ deletedId: 'STRIPE' })
    expect(await webhookSigningSecrets(platform, storeId, 'STRIPE')).toBeNull()
  })

  it('refuses a misshapen secret with the field named and the value never echoed', async () => {
    const refused = await cli(['configure', '--store', 'cli-pay', '--provider', 'STRIPE'], {
      PAYMENT_SECRET_KEY: 'pk_live_NotASecretKeyButClose1',
      PAYMENT_WEBHOOK_SIGNING_SECRET: WHSEC,
    })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^emporium: BAD_USER_INPUT: input.secretKey: secretKey must be a Stripe secret key/)
    expect(refused.stderr).not.toContain('NotASecretKey')
  })
})
