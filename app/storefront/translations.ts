import type { AnyDb } from '../../infra/database/database.js'
import { translationValues } from '../../projections/webstore/translation/queries.js'

/** `fr-CA` falls back to `fr`, then to the source text, as the API's `locale` argument does. */
export function localeChain(locale: string): string[] {
  const language = locale.split('-')[0]!
  return language !== locale ? [locale, language] : [locale]
}

/**
 * The translation overlay of one request: registered values of its locale for the resources it
 * shows, with the fallback applied, read once per resource. With no locale (the store's default
 * language) every text is its source.
 */
export class TranslationOverlay {
  private readonly cache = new Map<string, Record<string, string>>()

  constructor(
    private readonly db: AnyDb,
    private readonly storeId: string,
    /** null for the store's default locale: nothing to overlay. */
    readonly locale: string | null,
  ) {}

  /** Loads the values of these resources (one query per locale of the chain). */
  async load(resourceIds: readonly string[]): Promise<void> {
    const wanted = [...new Set(resourceIds)].filter((id) => !this.cache.has(id))
    if (!this.locale || wanted.length === 0) return
    const chain = localeChain(this.locale)
    const found = await Promise.all(chain.map((locale) => translationValues(this.db, this.storeId, locale, wanted)))
    // The most specific locale is assigned last, so its values win.
    const weakestFirst = found.reverse()
    for (const id of wanted) this.cache.set(id, Object.assign({}, ...weakestFirst.map((values) => values.get(id))))
  }

  /** The text of `key` of a loaded resource in the request's locale, else `source`. */
  text(resourceId: string, key: string, source: string): string {
    return this.cache.get(resourceId)?.[key] ?? source
  }
}
