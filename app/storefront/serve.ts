import type { HostResolution } from '../../projections/tenancy/host.js'
import { readGlobalSettings } from '../../projections/settings/global-settings/queries.js'
import { findStoreDetails, type StoreDetails } from '../../projections/tenancy/store-queries.js'
import type { Platform } from '../platform.js'
import { assetResponse, themeAssetUrl } from './assets.js'
import { crawlResponse, isCrawlPath, isSitemapPath } from './crawl.js'
import type { StorefrontResponse } from './response.js'
import { pageGlobals } from './globals.js'
import { pageNumber } from './liquid/pagination.js'
import { localeFiles, prefixOf, splitLocale, translateKey } from './locale.js'
import type { ObjectContext } from './objects/context.js'
import { maintenancePage, STORE_NOT_READY_PAGE, storeErrorPage } from './platform-pages.js'
import { redirectResponse } from './redirect.js'
import { hasTemplate, renderPage } from './render.js'
import { ERROR_PAGE_LIMITS, type RenderBudget } from './liquid/engine.js'
import { recordThemeRenderError } from './render-errors.js'
import { ERROR_TEMPLATE, errorContent, errorPage, themeFault } from './theme-failure.js'
import { notFoundPage, routePage } from './routes/match.js'
import type { RoutedPage } from './routes/page.js'
import { previewBanner } from './preview.js'
import { loadMainTheme, loadPreviewTheme, type StorefrontTheme } from './theme.js'
import type { PreviewGrant } from '../webstore/theme/preview-token.js'
import { TranslationOverlay } from './translations.js'
import { ShopperView } from './visibility.js'
import type { RenderDependencies } from './cache/dependencies.js'
import type { ContextPart } from './render-context.js'
import { storefrontTags } from './cache/tags.js'

export interface StorefrontRequest {
  method: string
  /** Path and query, as received. */
  url: string
  origin: string
  requestId: string
  now: Date
  /** Hears what the render read, for the page cache. */
  read?: RenderDependencies
  /** A valid preview link's grant: render that theme, even in maintenance (app/storefront/preview.ts). */
  preview?: PreviewGrant | null
  /**
   * A page the caller decided (the cart page, never cached), rendered instead of routing the
   * path; it may read the request's locale-aware link maker to build its objects.
   */
  routed?: (ctx: ObjectContext) => Promise<RoutedPage>
}

/** How long the page cache keeps a sitemap that no event has renewed. */
const CRAWL_FRESH_MS = 5 * 60 * 1000

/** The store's details: a part of its render context, read by every page. */
const STORE_DETAILS: ContextPart<StoreDetails | null> = {
  load: (db, { organizationId, storeId }) => findStoreDetails(db, { organizationId, storeIds: null }, storeId),
}

/** The store's settings (maintenance): a part of its render context, read by every page. */
const GLOBAL_SETTINGS: ContextPart<Awaited<ReturnType<typeof readGlobalSettings>>> = {
  load: (db, { storeId }) => readGlobalSettings(db, storeId),
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
  const kept = <Value>(part: ContextPart<Value>) => platform.renderContexts.read(store, part)
  const [details, theme] = await Promise.all([kept(STORE_DETAILS), themeFor(platform, store, request.preview)])
  if (!details || !theme) return html(503, STORE_NOT_READY_PAGE, { 'retry-after': '30' })
  const asset = assetResponse(theme, url)
  if (asset) return asset
  const { maintenance } = await kept(GLOBAL_SETTINGS)
  // A reviewer with a preview link sees the store as it will be: maintenance is for shoppers.
  const maintenanceOn = maintenance.values.enabled === true && !request.preview
  // In maintenance a sitemap would send crawlers to pages that answer 503: it answers 503 itself.
  if (isCrawlPath(url.pathname) && !(maintenanceOn && isSitemapPath(url.pathname))) {
    // A sitemap lists every kind of page: any change to one of the lists, and a scheduled page or
    // post coming out (which no event announces; a crawler can wait minutes), renews it.
    request.read?.add(
      storefrontTags.products,
      storefrontTags.collections,
      storefrontTags.pages,
      storefrontTags.blogs,
      storefrontTags.posts,
    )
    request.read?.staleFrom(new Date(request.now.getTime() + CRAWL_FRESH_MS))
    const crawl = await crawlResponse(
      { db, storeId: store.storeId, origin: request.origin, now: request.now, ...pick(details) },
      url.pathname,
    )
    if (crawl) return request.method === 'HEAD' ? { ...crawl, body: '' } : crawl
  }
  const split = splitLocale(url.pathname, details.enabledLocales, details.defaultLocale)
  if (request.read) request.read.path = split.path
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
    commerceEnabled: store.commerceEnabled,
    shopper: new ShopperView(db, store.storeId, request.now, {
      read: request.read,
      catalog: platform.catalogIndexes,
      currency: details.currency,
      kept,
      products: platform.keptProducts,
    }),
    overlay,
    url: (path) => (path === '/' ? prefix || '/' : `${prefix}${path}`),
    path: split.path,
    query: url.searchParams,
    kept,
  }
  let page: RoutedPage = notFoundPage(split.path)
  try {
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
    const shown = request.preview ? withBanner(body, previewBanner(theme.name, request.preview.expiresAt)) : body
    return html(page.status, request.method === 'HEAD' ? '' : shown, headers)
  } catch (error) {
    const fault = themeFault(error)
    log.error(
      { err: error, storeId: store.storeId, themeId: theme.id, path: url.pathname, themeFault: fault },
      'storefront page failed to render',
    )
    // Never cached, by the page cache (it keeps 200 and 404 only) nor by a CDN or browser: the
    // next request renders again, so a fixed theme shows at once. No Retry-After: the same theme
    // fails the same way until the merchant changes it; waiting does not help.
    const failed = (body: string) => html(500, request.method === 'HEAD' ? '' : body, { 'cache-control': 'no-store' })
    if (fault === null) return failed(storeErrorPage(request.requestId))
    recordThemeRenderError(db, store.storeId, theme.id, {
      at: request.now,
      path: url.pathname,
      template: page.template,
      message: fault,
    }).catch((recordError: unknown) =>
      log.error({ err: recordError, storeId: store.storeId, themeId: theme.id }, 'theme render error not recorded'),
    )
    const themed = await render(
      ctx,
      theme,
      details,
      store,
      errorPage(split.path, details.name),
      request,
      url,
      split.locale,
      String(maintenance.values.message ?? ''),
      {
        limits: ERROR_PAGE_LIMITS,
        ...(hasTemplate(theme, ERROR_TEMPLATE) ? {} : { content: errorContent(request.requestId) }),
      },
    ).catch((themedError: unknown) => {
      log.error(
        { err: themedError, storeId: store.storeId, themeId: theme.id },
        "the theme's error page failed too; answering the platform's",
      )
      return null
    })
    return failed(themed ?? storeErrorPage(request.requestId))
  }
}

/** The previewed theme while it exists, else the main one. */
async function themeFor(
  platform: Platform,
  store: HostResolution,
  preview: PreviewGrant | null | undefined,
): Promise<StorefrontTheme | null> {
  const previewed = preview ? await loadPreviewTheme(platform, store.storeId, preview.themeId) : null
  return previewed ?? loadMainTheme(platform, store)
}

/** The banner right after `<body …>`, or first when a theme's layout has no body tag. */
function withBanner(body: string, banner: string): string {
  const open = /<body\b[^>]*>/i.exec(body)
  if (!open) return banner + body
  const at = open.index + open[0].length
  return body.slice(0, at) + banner + body.slice(at)
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
  options: { limits?: RenderBudget; content?: string } = {},
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
  return renderPage(
    {
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
      ...(options.content === undefined ? {} : { content: options.content }),
    },
    options.limits,
  )
}
