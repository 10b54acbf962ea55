import { CATEGORY_ENTITY, CATEGORY_PRODUCTS_CATEGORY } from './catalog/category/streams.js'
import { ATTRIBUTE_CATEGORY } from './catalog/attribute/streams.js'
import { ATTRIBUTE_SET_CATEGORY } from './catalog/attribute-set/streams.js'
import { PRODUCT_CATEGORY } from './catalog/product/streams.js'
import { MEDIA_CATEGORY } from './media/streams.js'
import { CACHE_CATEGORY } from './settings/cache/streams.js'
import { SETTINGS_CATEGORY } from './settings/global-settings/streams.js'
import { STOREFRONT_TOKEN_CATEGORY } from './settings/storefront-token/streams.js'
import { grants, type Scope, type ScopeArea } from './shared/scopes.js'
import { API_KEY_CATEGORY } from './tenancy/api-key/streams.js'
import { DOMAIN_CATEGORY } from './tenancy/domain/streams.js'
import { MEMBER_CATEGORY } from './tenancy/member/streams.js'
import { ORGANIZATION_CATEGORY } from './tenancy/organization/streams.js'
import { STORE_CATEGORY } from './tenancy/store/streams.js'
import { USER_CATEGORY } from './tenancy/user/streams.js'
import { THEME_CATEGORY } from './webstore/theme/streams.js'
import { PAGE_CATEGORY } from './webstore/page/streams.js'
import { BLOG_CATEGORY } from './webstore/blog/streams.js'
import { POST_CATEGORY } from './webstore/post/streams.js'
import { MENU_CATEGORY } from './webstore/menu/streams.js'
import { CONTENT_ENTRY_CATEGORY, CONTENT_TYPE_CATEGORY } from './webstore/content/streams.js'
import { COLLECTION_CATEGORY } from './webstore/collection/streams.js'
import { TRANSLATION_CATEGORY } from './webstore/translation/streams.js'
import { URL_REDIRECT_CATEGORY } from './webstore/url-redirect/streams.js'
import { ORDER_CATEGORY } from './orders/order/streams.js'
import { PAYMENT_CATEGORY } from './payments/payment/streams.js'
import { CUSTOMER_CATEGORY } from './orders/customer/streams.js'
import { PAYMENT_PROVIDER_CATEGORY } from './payments/payment-provider/streams.js'

/**
 * Whose history is whose: the scope areas whose read scope may see a stream category's events
 * in the audit log. A key that may not read products may not read their history either; a
 * category missing here is shown to nobody, so a new resource is hidden until it is listed.
 */
export const HISTORY_AREAS: Readonly<Record<string, readonly ScopeArea[]>> = {
  [PRODUCT_CATEGORY]: ['products'],
  [ATTRIBUTE_CATEGORY]: ['products'],
  [ATTRIBUTE_SET_CATEGORY]: ['products'],
  // The audit log files the category tree stream's events under each category ('category').
  [CATEGORY_ENTITY]: ['products'],
  [CATEGORY_PRODUCTS_CATEGORY]: ['products'],
  [MEDIA_CATEGORY]: ['products', 'webstore'],
  [STORE_CATEGORY]: ['settings'],
  [ORGANIZATION_CATEGORY]: ['settings'],
  [API_KEY_CATEGORY]: ['settings'],
  [DOMAIN_CATEGORY]: ['settings'],
  [SETTINGS_CATEGORY]: ['settings'],
  [CACHE_CATEGORY]: ['settings'],
  [STOREFRONT_TOKEN_CATEGORY]: ['settings'],
  [MEMBER_CATEGORY]: ['settings'],
  [USER_CATEGORY]: ['settings'],
  [THEME_CATEGORY]: ['webstore'],
  [PAGE_CATEGORY]: ['webstore'],
  [BLOG_CATEGORY]: ['webstore'],
  [POST_CATEGORY]: ['webstore'],
  [MENU_CATEGORY]: ['webstore'],
  [CONTENT_TYPE_CATEGORY]: ['webstore'],
  [CONTENT_ENTRY_CATEGORY]: ['webstore'],
  [COLLECTION_CATEGORY]: ['webstore'],
  [TRANSLATION_CATEGORY]: ['webstore'],
  [URL_REDIRECT_CATEGORY]: ['webstore'],
  [ORDER_CATEGORY]: ['orders'],
  [CUSTOMER_CATEGORY]: ['orders'],
  // Payments (owner: webhook) and carts (owner: cart) are order business too; their owners may name
  // their category constants here instead of the literals.
  [PAYMENT_CATEGORY]: ['orders'],
  cart: ['orders'],
  [PAYMENT_PROVIDER_CATEGORY]: ['settings'],
}

/** The stream categories whose history a credential with `scopes` may read. */
export function readableHistory(scopes: readonly Scope[]): string[] {
  return Object.entries(HISTORY_AREAS)
    .filter(([, areas]) => areas.some((area) => grants(scopes, `${area}:read`)))
    .map(([category]) => category)
}
