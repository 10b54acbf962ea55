import { paymentProviderConfigure } from '../../../domain/payments/payment-provider/definitions.js'
import { storeCommerceToggle } from '../../../domain/settings/commerce/definitions.js'
import { storeUpdate } from '../../../domain/tenancy/store/definitions.js'
import type { Platform } from '../../platform.js'
import { seedFrench } from './french.js'
import { seedProducts } from './products.js'
import { DemoSeeder, type DemoStore } from './seeder.js'
import { featureOnHomePage } from './theme.js'
import { seedWebstore } from './webstore.js'

/**
 * Fills the demo store with a small shop, through the command path: eight ACTIVE products with
 * variants, stock and generated pictures; three PUBLISHED collections ("featured" on the home
 * page); the About page; the News blog with a post; the main and footer menus; French texts.
 * Commerce is switched on first (stores start as catalog-only showrooms), so the storefront shows
 * prices and buy buttons, and the TEST payment provider is configured (its signing secret
 * generated), so the demo sells offline: checkout ends on the local test pay page.
 */
export async function seedDemoShop(platform: Platform, store: DemoStore): Promise<void> {
  const seed = new DemoSeeder(platform, store)
  await seed.run(storeCommerceToggle, { enabled: true })
  // The home page's meta description (every page without one of its own falls back to it).
  await seed.run(storeUpdate, { seo: { description: 'Demo Store: tees, knits, mugs and candles made to last.' } })
  await seed.run(paymentProviderConfigure, { provider: 'TEST' })
  const products = await seedProducts(seed)
  const content = await seedWebstore(seed, products)
  await featureOnHomePage(seed, 'featured')
  await seedFrench(seed, [
    ...[...products.values()].map((p) => p.id),
    ...content.collectionIds,
    content.pageId,
    content.blogId,
    content.postId,
    ...content.menuIds,
  ])
}
