import { parseArgs } from 'node:util'
import { createKey, revokeKey } from '../../app/operations/tenants.js'
import { findStoreBySlug } from '../../projections/tenancy/queries.js'
import { fail, openCliPlatform } from '../platform.js'
import { parseScopes } from './scopes.js'

/**
 * `emporium keys create --store SLUG --scopes LIST [--name NAME] [--expires ISO]` prints
 * `{"id","apiKey","scopes"}` (the secret is shown only here); `emporium keys revoke --store SLUG
 * --id KEY_ID` refuses the key from the next request on.
 */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args
  const { values } = parseArgs({
    args: rest,
    options: {
      store: { type: 'string' },
      scopes: { type: 'string' },
      name: { type: 'string' },
      expires: { type: 'string' },
      id: { type: 'string' },
    },
  })
  if (action !== 'create' && action !== 'revoke')
    fail(
      'usage: emporium keys create --store SLUG --scopes LIST [--name NAME] [--expires ISO] | keys revoke --store SLUG --id KEY_ID',
    )
  if (!values.store) fail('--store SLUG is required')
  if (action === 'create' && !values.scopes) fail('--scopes LIST is required, e.g. products:write,settings:read')
  if (action === 'revoke' && !values.id) fail('--id KEY_ID is required')
  // Before opening the platform: a typo must not leave it open behind process.exit.
  const scopes = action === 'create' ? parseScopes(values.scopes!) : []
  const { platform } = await openCliPlatform({ runProjections: true, logLevel: 'warn' })
  try {
    if (action === 'create') {
      const key = await createKey(platform, {
        storeSlug: values.store,
        scopes,
        name: values.name,
        expiresAt: values.expires ?? null,
      })
      process.stdout.write(`${JSON.stringify(key)}\n`)
    } else {
      const store = await findStoreBySlug(platform.database.db, values.store)
      if (!store) fail(`no store with slug '${values.store}'`)
      await revokeKey(platform, { organizationId: store.organizationId, keyId: values.id! })
      process.stdout.write(`${JSON.stringify({ id: values.id, revoked: true })}\n`)
    }
  } finally {
    await platform.close()
  }
}
