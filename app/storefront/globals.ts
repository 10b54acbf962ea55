import type { StoreDetails } from '../../projections/tenancy/store-queries.js'
import { emptyCartObject } from '../orders/cart/shapes.js'
import { escapeHtml } from './liquid/escape.js'
import { localeObject, prefixOf } from './locale.js'
import { CollectionsDrop } from './objects/collection.js'
import type { ObjectContext } from './objects/context.js'
import { LinklistsDrop } from './objects/menus.js'
import type { RoutedPage } from './routes/page.js'
import { canonicalUrl, contentForHeader } from './seo.js'
import type { StorefrontTheme } from './theme.js'

export interface GlobalsInput {
  ctx: ObjectContext
  theme: StorefrontTheme
  store: StoreDetails
  page: RoutedPage
  origin: string
  locale: string
  /** The request's path with its locale prefix, as the shopper sees it. */
  fullPath: string
  commerceEnabled: boolean
  maintenanceMessage: string
  pageParam: number
}

/** The theme's settings in effect, strings escaped: a merchant's text is data, never markup. */
function settingsObject(settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(settings).map(([key, value]) => [key, typeof value === 'string' ? escapeHtml(value) : value]),
  )
}

/** Shopify's `routes`, in the request's locale. */
function routesObject(url: (path: string) => string) {
  return {
    root_url: url('/'),
    account_url: url('/account'),
    account_login_url: url('/account/login'),
    cart_url: url('/cart'),
    cart_add_url: url('/cart/add'),
    cart_change_url: url('/cart/change'),
    cart_update_url: url('/cart/update'),
    collections_url: url('/collections'),
    all_products_collection_url: url('/collections/all'),
    search_url: url('/search'),
    predictive_search_url: url('/search/suggest'),
  }
}

/**
 * Everything every template, section and snippet of a page sees: the Shopify globals over the
 * store's read models. `shop.commerce_enabled` false is catalog mode: themes hide prices and
 * buy buttons.
 */
export function pageGlobals(input: GlobalsInput): Record<string, unknown> {
  const { ctx, store, page, origin, locale } = input
  const enabled = store.enabledLocales
  const head = {
    page,
    origin,
    locale,
    defaultLocale: store.defaultLocale,
    enabledLocales: enabled,
    shopName: store.name,
    pageParam: input.pageParam,
  }
  const languages = enabled.map((code) => ({
    ...localeObject(code, store.defaultLocale),
    url:
      `${prefixOf(code, store.defaultLocale)}${ctx.path === '/' && code !== store.defaultLocale ? '' : ctx.path}` ||
      '/',
  }))
  const language = languages.find((l) => l.iso_code === locale)!
  const title = page.title || store.seo.title || store.name
  return {
    // Every page is shared by all shoppers (the page cache): only the cart page puts a shopper's cart here.
    cart: emptyCartObject(store.currency),
    ...page.objects,
    shop: {
      name: escapeHtml(store.name),
      url: origin,
      secure_url: origin,
      domain: new URL(origin).host,
      currency: store.currency,
      locale,
      description: escapeHtml(store.seo.description),
      email: escapeHtml(store.contactEmail),
      commerce_enabled: input.commerceEnabled,
      password_message: escapeHtml(input.maintenanceMessage),
      published_locales: languages,
      enabled_currencies: [{ iso_code: store.currency }],
    },
    settings: settingsObject(input.theme.settings),
    request: {
      locale: language,
      path: input.fullPath,
      host: new URL(origin).host,
      origin,
      page_type: page.pageType,
      design_mode: false,
      visual_preview_mode: false,
    },
    localization: { language, available_languages: languages },
    routes: routesObject(ctx.url),
    linklists: new LinklistsDrop(ctx),
    // The /collections page's own list (which also finds by handle); every other page finds by handle only.
    collections: page.objects.collections ?? new CollectionsDrop(ctx),
    template: { name: page.template.split('.')[0], suffix: page.template.split('.')[1] ?? null, directory: null },
    page_title: escapeHtml(title),
    page_description: escapeHtml(page.description || store.seo.description),
    page_image: page.image ? `${origin}${page.image}` : null,
    canonical_url: escapeHtml(canonicalUrl(head, locale)),
    content_for_header: contentForHeader(head),
    current_page: input.pageParam,
    current_tags: null,
  }
}
