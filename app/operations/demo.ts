import { ALL_SCOPES } from '../../domain/shared/scopes.js'
import type { Platform } from '../platform.js'
import { subdomainOrigin } from '../storefront/origin.js'
import { seedDemoShop } from './demo-shop/seed.js'
import { createTenant, type CreatedTenant } from './tenants.js'

const DEMO_STORE_SLUG = 'demo-store'

export interface DemoShop extends CreatedTenant {
  /** `http://demo-store.<PLATFORM_HOST>:<PORT>/`. */
  storefrontUrl: string
  /**
   * `filled` with the demo products and content; `empty` with `DEMO_SHOP=false`; `incomplete`
   * when seeding failed part-way (the store and its key exist all the same).
   */
  shop: 'filled' | 'empty' | 'incomplete'
}

/**
 * On an empty embedded data directory, a demo organization and store with an all-scopes key and
 * (unless `DEMO_SHOP=false`) a small shop in it, so a newcomer sees a storefront and can open the
 * playground at once. Only then: a restart finds the store and seeds nothing twice. Never on
 * Postgres (`DATABASE_URL`): production databases start empty on purpose.
 */
export async function ensureDemoShop(platform: Platform): Promise<DemoShop | null> {
  if (platform.config.databaseUrl || platform.database.kind !== 'pglite') return null
  const any = await platform.database.db.selectFrom('stores').select('id').limit(1).executeTakeFirst()
  if (any) return null
  const tenant = await createTenant(platform, {
    organizationName: 'Demo',
    storeSlug: DEMO_STORE_SLUG,
    storeName: 'Demo Store',
    scopes: ALL_SCOPES,
  })
  const shop = platform.config.demoShop ? await fillDemoShop(platform, tenant) : 'empty'
  return { ...tenant, storefrontUrl: `${subdomainOrigin(platform.config, tenant.storeSlug)}/`, shop }
}

async function fillDemoShop(platform: Platform, tenant: CreatedTenant): Promise<DemoShop['shop']> {
  platform.logger.info({ store: tenant.storeSlug }, 'filling the demo shop on this empty data directory')
  try {
    await seedDemoShop(platform, tenant)
    return 'filled'
  } catch (error) {
    // The key is shown only once: a failed seed must not stop the server before it is printed.
    platform.logger.error({ err: error }, 'seeding the demo shop failed part-way; the demo store is incomplete')
    return 'incomplete'
  }
}
