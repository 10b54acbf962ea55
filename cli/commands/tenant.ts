import { parseArgs } from 'node:util'
import { ALL_SCOPES } from '../../domain/shared/scopes.js'
import { createTenant } from '../../app/operations/tenants.js'
import { fail, openCliPlatform } from '../platform.js'
import { parseScopes } from './scopes.js'

/**
 * `emporium tenant create --org NAME --store SLUG [--store-name NAME] [--scopes LIST]` prints one
 * JSON line `{"organizationId","storeId","storeSlug","apiKey"}`; the key is shown only here.
 */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args
  if (action !== 'create')
    fail('usage: emporium tenant create --org NAME --store SLUG [--store-name NAME] [--scopes LIST]')
  const { values } = parseArgs({
    args: rest,
    options: {
      org: { type: 'string' },
      store: { type: 'string' },
      'store-name': { type: 'string' },
      scopes: { type: 'string' },
    },
  })
  if (!values.org) fail('--org NAME is required')
  if (!values.store) fail('--store SLUG is required')
  const scopes = values.scopes ? parseScopes(values.scopes) : ALL_SCOPES
  const { platform } = await openCliPlatform({ runProjections: true, logLevel: 'warn' })
  try {
    const tenant = await createTenant(platform, {
      organizationName: values.org,
      storeSlug: values.store,
      storeName: values['store-name'] ?? values.store,
      scopes,
    })
    process.stdout.write(`${JSON.stringify(tenant)}\n`)
  } finally {
    await platform.close()
  }
}
