import { storeUpdate } from '../../../domain/tenancy/store/definitions.js'
import { translationsRegister } from '../../../domain/webstore/translation/definitions.js'
import { sourceDigest } from '../../../domain/webstore/translation/digest.js'
import { findTranslatableSource } from '../../../projections/webstore/translation/sources.js'
import { DEMO_PRODUCTS } from './catalog.js'
import type { DemoSeeder } from './seeder.js'
import { WEBSTORE_TEXTS } from './webstore.js'

export const DEMO_SECOND_LOCALE = 'fr'

/** English source text → French, for every text of the demo shop that has a translation. */
function dictionary(): Map<string, string> {
  const entries: [string, string][] = [
    ...DEMO_PRODUCTS.flatMap((p): [string, string][] => [
      [p.title, p.fr.title],
      [p.description, p.fr.description],
    ]),
    ...Object.values(WEBSTORE_TEXTS).map((text): [string, string] => [text.en, text.fr]),
    ['Colour', 'Couleur'],
    ['Size', 'Taille'],
    ['Scent', 'Parfum'],
  ]
  return new Map(entries)
}

/**
 * Enables French on the store and translates every text of the given resources that the
 * dictionary knows (titles, descriptions, option names, menu items), each against the digest of
 * the source text as the read model holds it, as an agent translating the shop would.
 */
export async function seedFrench(seed: DemoSeeder, resourceIds: readonly string[]): Promise<void> {
  await seed.run(storeUpdate, { enabledLocales: ['en', DEMO_SECOND_LOCALE] })
  const french = dictionary()
  for (const resourceId of resourceIds) {
    const source = await findTranslatableSource(seed.platform.database.db, seed.store.storeId, resourceId)
    const translations = Object.entries(source?.texts ?? {}).flatMap(([key, text]) => {
      const value = french.get(text)
      return value ? [{ key, value, sourceDigest: sourceDigest(text) }] : []
    })
    if (translations.length > 0)
      await seed.run(translationsRegister, { resourceId, locale: DEMO_SECOND_LOCALE, translations })
  }
}
