import { parseArgs } from 'node:util'
import { paymentProviderConfigure, paymentProviderRemove } from '../../domain/payments/payment-provider/definitions.js'
import { ALL_SCOPES } from '../../domain/shared/scopes.js'
import { findPaymentProviderRow, listPaymentProviderRows } from '../../projections/payments/payment-provider/queries.js'
import { toPaymentProviderView } from '../../app/payments/provider/view.js'
import { resealPaymentSecrets } from '../../app/payments/provider/secrets.js'
import { paymentServices } from '../../app/payments/provider/services.js'
import { findStoreBySlug } from '../../projections/tenancy/queries.js'
import { fail, openCliPlatform } from '../platform.js'
import { systemContext } from '../../app/commands/context.js'

const USAGE =
  'usage: emporium payments list --store SLUG\n' +
  '       emporium payments configure --store SLUG --provider STRIPE|TEST [--overlap SECONDS]\n' +
  '       emporium payments remove --store SLUG --provider STRIPE|TEST\n' +
  '       emporium payments reseal          after a SECRETS_KEY rotation: seal every secret under the new key'

/** Where `configure` reads secrets: the environment, never argv, which process lists and shell histories show. */
const SECRET_ENV = { secretKey: 'PAYMENT_SECRET_KEY', webhookSigningSecret: 'PAYMENT_WEBHOOK_SIGNING_SECRET' } as const

/**
 * `emporium payments …`: a store's payment providers for the operator, through the same registry
 * entries as `paymentProviderConfigure`/`paymentProviderRemove` (`system` actor `cli`). Secrets come
 * from PAYMENT_SECRET_KEY and PAYMENT_WEBHOOK_SIGNING_SECRET; stdout gets one JSON line: the
 * provider settings, which show only the last 4 characters of each secret.
 */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args
  if (action === 'reseal') return reseal()
  if (action !== 'list' && action !== 'configure' && action !== 'remove') fail(USAGE)
  const { values } = parseArgs({
    args: rest,
    options: { store: { type: 'string' }, provider: { type: 'string' }, overlap: { type: 'string' } },
  })
  if (!values.store || (action !== 'list' && !values.provider)) fail(USAGE)
  const overlap = values.overlap === undefined ? undefined : Number(values.overlap)
  // The read models follow the write: this process owns them when no server does.
  const { platform } = await openCliPlatform({ runProjections: action !== 'list', logLevel: 'warn' })
  try {
    const store = await findStoreBySlug(platform.database.db, values.store)
    if (!store) fail(`no store with slug '${values.store}'`)
    const db = platform.database.db
    if (action === 'list') {
      const rows = await listPaymentProviderRows(db, store.id)
      process.stdout.write(
        `${JSON.stringify({ store: store.slug, providers: rows.map((row) => toPaymentProviderView(row)) })}\n`,
      )
      return
    }
    const ctx = systemContext(
      { organizationId: store.organizationId, storeId: store.id },
      { type: 'system', id: 'cli', name: 'emporium payments' },
      ALL_SCOPES,
    )
    if (action === 'remove') {
      const result = await platform.executeAndWait(paymentProviderRemove, { provider: values.provider }, ctx)
      process.stdout.write(
        `${JSON.stringify({ store: store.slug, deletedId: result.entityId, eventPosition: result.position })}\n`,
      )
      return
    }
    const input = {
      provider: values.provider,
      secretKey: process.env[SECRET_ENV.secretKey] || undefined,
      webhookSigningSecret: process.env[SECRET_ENV.webhookSigningSecret] || undefined,
      signingSecretOverlapSeconds: overlap,
    }
    const result = await platform.executeAndWait(paymentProviderConfigure, input, ctx)
    const row = await findPaymentProviderRow(db, store.id, result.entityId)
    process.stdout.write(
      `${JSON.stringify({ store: store.slug, paymentProvider: row && toPaymentProviderView(row), eventPosition: result.position })}\n`,
    )
  } finally {
    await platform.close()
  }
}

/**
 * `emporium payments reseal`: after setting the new `SECRETS_KEY` (and the old one as
 * `SECRETS_KEY_PREVIOUS`) on every node, seals every payment secret under the new key; then
 * `SECRETS_KEY_PREVIOUS` may go. Prints `{resealed, keyId}`.
 */
async function reseal(): Promise<void> {
  const { platform } = await openCliPlatform({ runProjections: false, logLevel: 'warn' })
  try {
    const result = await resealPaymentSecrets(platform.database.db, await paymentServices(platform).cipher())
    process.stdout.write(`${JSON.stringify(result)}\n`)
  } finally {
    await platform.close()
  }
}
