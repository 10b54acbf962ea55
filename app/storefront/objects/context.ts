import type { AnyDb } from '../../../infra/database/database.js'
import type { ContextPart } from '../render-context.js'
import type { TranslationOverlay } from '../translations.js'
import type { ShopperView } from '../visibility.js'

/** What building the storefront objects of one request needs: its store, reads, locale and URLs. */
export interface ObjectContext {
  db: AnyDb
  storeId: string
  currency: string
  /** False in catalog mode: no prices shown, so none filtered or sorted by either. */
  commerceEnabled: boolean
  shopper: ShopperView
  overlay: TranslationOverlay
  /** A storefront path in the request's locale: `/products/x` → `/fr/products/x`. */
  url(path: string): string
  /** The path of the request without its locale prefix, for `active` links. */
  path: string
  query: URLSearchParams
  /** A part of the store's render context: from memory while current (render-context.ts). */
  kept<Value>(part: ContextPart<Value>): Promise<Value>
}
