import { attributeSetView, attributeView } from './catalog/attribute/views.js'
import { categoryView } from './catalog/category/views.js'
import { productView } from './catalog/product/views.js'
import { mediaView } from './media/views.js'
import { globalSettingsView } from './settings/global-settings/views.js'
import { storefrontTokenView } from './settings/storefront-token/views.js'
import type { ResourceView } from './shared/view.js'
import { storeView } from './tenancy/store/views.js'
import { themeView } from './webstore/theme/views.js'
import { collectionView } from './webstore/collection/views.js'
import { blogView } from './webstore/blog/views.js'
import { pageView } from './webstore/page/views.js'
import { postView } from './webstore/post/views.js'
import { translationView } from './webstore/translation/views.js'
import { urlRedirectView } from './webstore/url-redirect/views.js'
import { paymentProviderView } from './payments/payment-provider/views.js'
import { orderView } from './orders/order/views.js'
import { customerView } from './orders/customer/views.js'

/** Every resource whose write tools answer with the entity, by the `resource` of its command definitions. */
const views: ReadonlyMap<string, ResourceView> = new Map(
  [
    productView,
    categoryView,
    attributeView,
    attributeSetView,
    mediaView,
    storeView,
    globalSettingsView,
    storefrontTokenView,
    themeView,
    pageView,
    blogView,
    postView,
    collectionView,
    translationView,
    urlRedirectView,
    paymentProviderView,
    orderView,
    customerView,
  ].map((view) => [view.resource, view]),
)

/**
 * The view of a resource, or null: a command on a resource without one is still a tool, answering
 * `{id, eventPosition}` until `mcp/<area>/<resource>/views.ts` is added here.
 */
export function viewFor(resource: string): ResourceView | null {
  return views.get(resource) ?? null
}
