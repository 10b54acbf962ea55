import type { AnyCommandDefinition } from './shared/command.js'
import type { AnyServiceDefinition } from './shared/service.js'
import { categoryCommands } from './catalog/category/definitions.js'
import { categoryProductsCommands } from './catalog/category/products-definitions.js'
import { attributeCommands } from './catalog/attribute/definitions.js'
import { attributeSetCommands } from './catalog/attribute-set/definitions.js'
import { productAttributeCommands } from './catalog/product/attributes-definitions.js'
import { productCommands } from './catalog/product/definitions.js'
import { productLifecycleCommands } from './catalog/product/lifecycle-definitions.js'
import { productMediaCommands } from './catalog/product/media-definitions.js'
import { productVariantCommands } from './catalog/product/variant-definitions.js'
import { productReservationCommands } from './catalog/product/reservation-definitions.js'
import { mediaCommands } from './media/definitions.js'
import { cacheDefinitions } from './settings/cache/definitions.js'
import { commerceDefinitions } from './settings/commerce/definitions.js'
import { globalSettingsDefinitions } from './settings/global-settings/definitions.js'
import { storefrontTokenDefinitions } from './settings/storefront-token/definitions.js'
import { apiKeyDefinitions } from './tenancy/api-key/definitions.js'
import { domainDefinitions } from './tenancy/domain/definitions.js'
import { memberDefinitions } from './tenancy/member/definitions.js'
import { organizationDefinitions } from './tenancy/organization/definitions.js'
import { storeDefinitions } from './tenancy/store/definitions.js'
import { userDefinitions } from './tenancy/user/definitions.js'
import { themeCommands } from './webstore/theme/definitions.js'
import { themeSectionCommands } from './webstore/theme/sections-definitions.js'
import { themeImportAbandon } from './webstore/theme/import-definitions.js'
import { pageCommands } from './webstore/page/definitions.js'
import { blogCommands } from './webstore/blog/definitions.js'
import { postCommands } from './webstore/post/definitions.js'
import { menuCommands } from './webstore/menu/definitions.js'
import { contentCommands } from './webstore/content/definitions.js'
import { collectionCommands } from './webstore/collection/definitions.js'
import { translationCommands } from './webstore/translation/definitions.js'
import { urlRedirectCommands } from './webstore/url-redirect/definitions.js'
import { orderCommands } from './orders/order/definitions.js'
import { customerCommands } from './orders/customer/definitions.js'
import { paymentProviderCommands } from './payments/payment-provider/definitions.js'
import { cartCommands } from './orders/cart/definitions.js'
import { paymentCommands } from './payments/payment/definitions.js'
import { productBulkServices } from './catalog/product/bulk-definitions.js'
import { productImportServices } from './catalog/product/import-definitions.js'
import { mediaServiceDefinitions } from './media/service-definitions.js'
import { domainServiceDefinitions } from './tenancy/domain/service-definitions.js'

/** The command registry's contents: every command of the platform, each defined once. */
export const allCommands: readonly AnyCommandDefinition[] = [
  ...organizationDefinitions,
  ...storeDefinitions,
  ...domainDefinitions,
  ...commerceDefinitions,
  ...globalSettingsDefinitions,
  ...cacheDefinitions,
  ...storefrontTokenDefinitions,
  ...apiKeyDefinitions,
  ...userDefinitions,
  ...memberDefinitions,
  ...productCommands,
  ...mediaCommands,
  ...productMediaCommands,
  ...attributeCommands,
  ...attributeSetCommands,
  ...productAttributeCommands,
  ...productVariantCommands,
  ...productReservationCommands,
  ...productLifecycleCommands,
  ...categoryCommands,
  ...categoryProductsCommands,
  ...themeCommands,
  ...themeSectionCommands,
  themeImportAbandon,
  ...pageCommands,
  ...blogCommands,
  ...postCommands,
  ...menuCommands,
  ...contentCommands,
  ...collectionCommands,
  ...translationCommands,
  ...urlRedirectCommands,
  ...orderCommands,
  ...customerCommands,
  ...paymentProviderCommands,
  ...cartCommands,
  ...paymentCommands,
]

/**
 * The registry's services: entries transports serve as they serve a command, executed by a
 * service in app/ because they are more than one stream's decide (`shared/service.ts`).
 */
export const allServices: readonly AnyServiceDefinition[] = [
  ...productBulkServices,
  ...productImportServices,
  ...mediaServiceDefinitions,
  ...domainServiceDefinitions,
]
