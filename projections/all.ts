import type { Projection } from '../infra/projections/projection.js'
import { auditLogProjection } from './audit/log/projection.js'
import { categoriesProjection } from './catalog/category/projection.js'
import { attributeSetsProjection } from './catalog/attribute-set/projection.js'
import { attributesProjection } from './catalog/attribute/projection.js'
import { productsProjection } from './catalog/product/projection.js'
import { inventoryReservationsProjection } from './catalog/inventory/projection.js'
import { productAttributesProjection } from './catalog/product-attribute/projection.js'
import { mediaProjection } from './media/projection.js'
import { globalSettingsProjection } from './settings/global-settings/projection.js'
import { storefrontTokensProjection } from './settings/storefront-token/projection.js'
import { accountsProjection } from './tenancy/accounts/projection.js'
import { storeDomainsProjection } from './tenancy/domain/projection.js'
import { tenancyProjection } from './tenancy/projection.js'
import { themesProjection } from './webstore/theme/projection.js'
import { menusProjection } from './webstore/menu/projection.js'
import { contentProjection } from './webstore/content/projection.js'
import { pagesProjection } from './webstore/page/projection.js'
import { collectionsProjection } from './webstore/collection/projection.js'
import { blogsProjection } from './webstore/blog/projection.js'
import { postsProjection } from './webstore/post/projection.js'
import { translationsProjection } from './webstore/translation/projection.js'
import { urlRedirectsProjection } from './webstore/url-redirect/projection.js'
import { paymentProvidersProjection } from './payments/payment-provider/projection.js'
import { ordersProjection } from './orders/order/projection.js'

/** Every read model the platform maintains. */
export const allProjections: readonly Projection[] = [
  tenancyProjection,
  accountsProjection,
  productsProjection,
  inventoryReservationsProjection,
  attributesProjection,
  attributeSetsProjection,
  productAttributesProjection,
  categoriesProjection,
  mediaProjection,
  storeDomainsProjection,
  globalSettingsProjection,
  storefrontTokensProjection,
  themesProjection,
  menusProjection,
  contentProjection,
  pagesProjection,
  blogsProjection,
  postsProjection,
  collectionsProjection,
  translationsProjection,
  urlRedirectsProjection,
  paymentProvidersProjection,
  ordersProjection,
  auditLogProjection,
]
