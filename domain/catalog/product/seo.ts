import { changedSeo, type Seo } from '../../shared/publishable/seo.js'
import type { ProductSeoChanged } from './events.js'

/** A ProductSeoChanged when `next` differs from `current`, else nothing. */
export function seoChanges(productId: string, current: Seo, next: Seo): ProductSeoChanged[] {
  const seo = changedSeo(current, next)
  return seo ? [{ type: 'ProductSeoChanged', data: { productId, ...seo } }] : []
}
