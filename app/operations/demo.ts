import { ALL_SCOPES } from '../../domain/shared/scopes.js'
import type { Platform } from '../platform.js'
import { createTenant, type CreatedTenant } from './tenants.js'

/**
 * On an empty embedded data directory, a demo organization and store with an all-scopes key,
 * so a newcomer can open the playground at once. Never on Postgres: production databases start
 * empty on purpose.
 */
export async function ensureDemoTenant(platform: Platform): Promise<CreatedTenant | null> {
  if (platform.database.kind !== 'pglite') return null
  const any = await platform.database.db.selectFrom('stores').select('id').limit(1).executeTakeFirst()
  if (any) return null
  return createTenant(platform, {
    organizationName: 'Demo',
    storeSlug: 'demo-store',
    storeName: 'Demo Store',
    scopes: ALL_SCOPES,
  })
}
