import { defaultThemeId, themeInstallDefault } from '../../../domain/webstore/theme/definitions.js'
import { themeSectionUpdate } from '../../../domain/webstore/theme/sections-definitions.js'
import { templateView } from '../../../projections/webstore/theme/sections-queries.js'
import type { DemoSeeder } from './seeder.js'

/**
 * Points the home page's featured-collection sections at the "featured" collection. The default
 * theme is installed here rather than left to the store-created reaction, which may not have run
 * yet; the install is idempotent, so the reaction then finds it and does nothing.
 */
export async function featureOnHomePage(seed: DemoSeeder, collectionHandle: string): Promise<void> {
  await seed.run(themeInstallDefault, {})
  const themeId = defaultThemeId(seed.store.storeId)
  const index = await templateView(seed.platform.database.db, seed.store.storeId, themeId, 'index')
  for (const section of index?.sections ?? []) {
    if (section.type !== 'featured-collection') continue
    await seed.run(themeSectionUpdate, {
      themeId,
      template: 'index',
      sectionId: section.id,
      settings: { collection: collectionHandle },
    })
  }
}
