import { badInput } from '../../domain/shared/errors.js'
import type { AnyDb } from '../../infra/database/database.js'
import type { StoreDetails } from '../../projections/tenancy/store-queries.js'
import { TranslationOverlay } from '../storefront/translations.js'
import type { CatalogIndexes } from '../storefront/catalog-index.js'
import { ShopperView } from '../storefront/visibility.js'

/**
 * What one storefront API request reads with: the store, the shopper-visibility rule of the
 * rendered storefront (`ShopperView`, judged at the moment of the request) and a translation
 * overlay per locale asked for, which falls back fr-CA → fr → source text as the pages do.
 */
export class StorefrontSession {
  readonly shopper: ShopperView
  private readonly overlays = new Map<string, TranslationOverlay>()

  constructor(
    readonly db: AnyDb,
    readonly store: StoreDetails,
    readonly now: Date,
    /** `https://<store host>`: image URLs are absolute, so a front end on any origin can load them. */
    readonly origin: string,
    catalog: CatalogIndexes | null = null,
  ) {
    this.shopper = new ShopperView(db, store.id, now, { catalog, currency: store.currency })
  }

  get storeId(): string {
    return this.store.id
  }

  /**
   * The overlay of a `locale` argument: the store's default language when none is given;
   * BAD_USER_INPUT naming the enabled locales for one the store does not offer.
   */
  overlay(locale: string | null | undefined): TranslationOverlay {
    const { defaultLocale, enabledLocales } = this.store
    const wanted = locale ?? defaultLocale
    const enabled = enabledLocales.find((candidate) => candidate.toLowerCase() === wanted.toLowerCase())
    if (!enabled)
      throw badInput(
        ['locale'],
        `this store offers the locales ${enabledLocales.join(', ')}; '${wanted}' is not one of them`,
      )
    let overlay = this.overlays.get(enabled)
    if (!overlay) {
      overlay = new TranslationOverlay(this.db, this.storeId, enabled === defaultLocale ? null : enabled)
      this.overlays.set(enabled, overlay)
    }
    return overlay
  }
}
