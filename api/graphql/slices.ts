import { auditLogSlice } from './audit/log/resolvers.js'
import { attributeSetSlice } from './catalog/attribute-set/resolvers.js'
import { attributeSlice } from './catalog/attribute/resolvers.js'
import { productCategoriesSlice } from './catalog/category/product-categories.js'
import { productAttributeSlice } from './catalog/product-attribute/resolvers.js'
import { categorySlice } from './catalog/category/resolvers.js'
import { productBulkSlice } from './catalog/product/bulk-resolvers.js'
import { productFilterSlice } from './catalog/product/filter-resolvers.js'
import { productImportSlice } from './catalog/product/import-resolvers.js'
import { productHistorySlice } from './catalog/product/history-resolvers.js'
import { productSlice } from './catalog/product/resolvers.js'
import { productVariantSlice } from './catalog/product/variant-resolvers.js'
import { mediaSlice } from './media/resolvers.js'
import type { GraphQLSlice } from './plugin.js'
import { cacheSlice } from './settings/cache/resolvers.js'
import { commerceSlice } from './settings/commerce/resolvers.js'
import { globalSettingsSlice } from './settings/global-settings/resolvers.js'
import { storefrontTokenSlice } from './settings/storefront-token/resolvers.js'
import { accountSlice } from './tenancy/account/resolvers.js'
import { apiKeySlice } from './tenancy/api-key/resolvers.js'
import { memberSlice } from './tenancy/member/resolvers.js'
import { organizationSlice } from './tenancy/organization/resolvers.js'
import { storeSlice } from './tenancy/store/resolvers.js'
import { storeDomainSlice } from './tenancy/domain/resolvers.js'
import { viewerSlice } from './tenancy/viewer/resolvers.js'
import { themeSlice } from './webstore/theme/resolvers.js'
import { collectionSlice } from './webstore/collection/resolvers.js'
import { themeSectionSlice } from './webstore/theme/sections-resolvers.js'
import { menuSlice } from './webstore/menu/resolvers.js'
import { contentSlice } from './webstore/content/resolvers.js'
import { pageSlice } from './webstore/page/resolvers.js'
import { blogSlice } from './webstore/blog/resolvers.js'
import { translationSlice } from './webstore/translation/resolvers.js'
import { urlRedirectSlice } from './webstore/url-redirect/resolvers.js'
import { paymentProviderSlice } from './payments/payment-provider/resolvers.js'
import { orderSlice } from './orders/order/resolvers.js'
import { customerSlice } from './orders/customer/resolvers.js'

/** Every slice of the one schema. */
export const graphqlSlices: readonly GraphQLSlice[] = [
  viewerSlice,
  accountSlice,
  memberSlice,
  apiKeySlice,
  productSlice,
  productVariantSlice,
  productFilterSlice,
  productHistorySlice,
  productBulkSlice,
  productImportSlice,
  mediaSlice,
  categorySlice,
  productCategoriesSlice,
  attributeSlice,
  attributeSetSlice,
  productAttributeSlice,
  organizationSlice,
  storeSlice,
  storeDomainSlice,
  commerceSlice,
  globalSettingsSlice,
  cacheSlice,
  storefrontTokenSlice,
  themeSlice,
  themeSectionSlice,
  menuSlice,
  contentSlice,
  pageSlice,
  blogSlice,
  collectionSlice,
  translationSlice,
  urlRedirectSlice,
  paymentProviderSlice,
  orderSlice,
  customerSlice,
  auditLogSlice,
]
