import type { HostResolution } from '../../projections/tenancy/host.js'
import { readGlobalSettings } from '../../projections/settings/global-settings/queries.js'
import { findStoreDetails, type StoreDetails } from '../../projections/tenancy/store-queries.js'
import type { Platform } from '../platform.js'
import { assetResponse, themeAssetUrl } from './assets.js'
import { crawlResponse, isCrawlPath } from './crawl.js'
import type { StorefrontResponse } from './response.js'
import { pageGlobals } from './globals.js'
import { pageNumber } from './liquid/pagination.js'
import { localeFiles, prefixOf, splitLocale, translateKey } from './locale.js'
import type { ObjectContext } from './objects/context.js'
import { maintenancePage, STORE_NOT_READY_PAGE, storeErrorPage } from './platform-pages.js'
import { redirectResponse } from './redirect.js'
import { hasTemplate, renderPage } from './render.js'
import { notFoundPage, routePage } from './routes/match.js'
import type { RoutedPage } from './routes/page.js'
import { loadMainTheme, type StorefrontTheme } from './theme.js'
import { TranslationOverlay } from './translations.js'
import { ShopperView } from './visibility.js'
import type { RenderDependencies } from './cache/dependencies.js'

export interface StorefrontRequest {
  method: string
  /** Path and query, as received. */
  url: string
  origin: string
  requestId: string
  now: Date
  /** Hears what the render read, for the page cache. */
  read?: RenderDependencies
  /**
   * A page the caller decided (the cart page, never cached), rendered instead of routing the
   * path; it may read the request's locale-aware link maker to build its objects.
   */
  routed?: (ctx: ObjectContext) => Promise<RoutedPage>
}

/** How long a shopper's browser is told to wait before trying a store in maintenance again. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300

interface Logger {
  error(object: object, message: string): void
}

const html = (status: number, body: string, extra: Record<string, string> = {}): StorefrontResponse => ({
  status,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    ...extra,
  },
  body,
})

/**
 * Answers one request on a store's host: a theme asset, or a page rendered from the store's main
 * theme. Only GET and HEAD render; a store in maintenance answers 503 with its themed page.
 */
export async function serveStorefront(
  platform: Platform,
  store: HostResolution,
  request: StorefrontRequest,
  log: Logger,
): Promise<StorefrontResponse> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return {
      ...html(405, ''),
      headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
      body: 'Method Not Allowed\n',
    }
  const url = new URL(request.url, 'http://storefront.invalid')
  const db = platform.database.db
  const [details, theme] = await Promise.all([
    findStoreDetails(db, { organizationId: store.organizationId, storeIds: null }, store.storeId),
    loadMainTheme(platform, store.storeId),
  ])
  if (!details || !theme) return html(503, STORE_NOT_READY_PAGE, { 'retry-after': '30' })
  const asset = assetResponse(theme, url)
  if (asset) return asset
  if (isCrawlPath(url.pathname)) {
    const crawl = await crawlResponse(
      { db, storeId: store.storeId, origin: request.origin, now: request.now, ...pick(details) },
      url.pathname,
    )
    if (crawl) return request.method === 'HEAD' ? { ...crawl, body: '' } : crawl
  }
  const split = splitLocale(url.pathname, details.enabledLocales, details.defaultLocale)
  const { maintenance } = await readGlobalSettings(db, store.storeId)
  const maintenanceOn = maintenance.values.enabled === true
  const overlay = new TranslationOverlay(
    db,
    store.storeId,
    split.locale === details.defaultLocale ? null : split.locale,
  )
  const prefix = prefixOf(split.locale, details.defaultLocale)
  const ctx: ObjectContext = {
    db,
    storeId: store.storeId,
    currency: details.currency,
    shopper: new ShopperView(db, store.storeId, request.now, request.read),
    overlay,
    url: (path) => (path === '/' ? prefix || '/' : `${prefix}${path}`),
    path: split.path,
    query: url.searchParams,
  }
  try {
    let page: RoutedPage
    if (maintenanceOn)
      page = {
        ...notFoundPage(split.path),
        template: 'password',
        pageType: 'password',
        status: 503,
        title: details.name,
      }
    else {
      const routed = request.routed
        ? await request.routed(ctx)
        : await routePage(ctx, split.path, {
            origin: request.origin,
            commerceEnabled: store.commerceEnabled,
          })
      if (!routed) {
        const redirect = await redirectResponse(platform, store.storeId, url, details.enabledLocales)
        if (redirect) return redirect
      }
      page = routed ?? notFoundPage(split.path)
    }
    if (maintenanceOn && !hasTemplate(theme, page.template))
      return html(503, maintenancePage(String(maintenance.values.message ?? '')), {
        'retry-after': String(MAINTENANCE_RETRY_AFTER_SECONDS),
      })
    if (!hasTemplate(theme, page.template)) page = notFoundPage(split.path)
    const body = await render(
      ctx,
      theme,
      details,
      store,
      page,
      request,
      url,
      split.locale,
      String(maintenance.values.message ?? ''),
    )
    const headers: Record<string, string> = { 'content-language': split.locale }
    if (page.status === 503) headers['retry-after'] = String(MAINTENANCE_RETRY_AFTER_SECONDS)
    return html(page.status, request.method === 'HEAD' ? '' : body, headers)
  } catch (error) {
    log.error(
      { err: error, storeId: store.storeId, themeId: theme.id, path: url.pathname },
      'storefront page failed to render',
    )
    return html(500, storeErrorPage(request.requestId))
  }
}

const pick = ({ defaultLocale, enabledLocales }: StoreDetails) => ({ defaultLocale, enabledLocales })

async function render(
  ctx: ObjectContext,
  theme: StorefrontTheme,
  details: StoreDetails,
  store: HostResolution,
  page: RoutedPage,
  request: StorefrontRequest,
  url: URL,
  locale: string,
  maintenanceMessage: string,
): Promise<string> {
  await ctx.overlay.load([theme.id])
  const files = localeFiles(theme, locale)
  const globals = pageGlobals({
    ctx,
    theme,
    store: details,
    page,
    origin: request.origin,
    locale,
    fullPath: url.pathname,
    commerceEnabled: store.commerceEnabled,
    maintenanceMessage,
    pageParam: pageNumber(url.searchParams.get('page')),
  })
  return renderPage({
    theme,
    template: page.template,
    globals,
    path: url.pathname,
    query: url.searchParams,
    runtime: {
      currency: details.currency,
      locale,
      localized: ctx.url,
      assetUrl: (name) => themeAssetUrl(theme, store.storeId, name),
      translate: (key, variables) =>
        translateKey(files, key, variables, (k) => {
          const value = ctx.overlay.text(theme.id, `locales.${k}`, '')
          return value === '' ? undefined : value
        }),
    },
  })
}
