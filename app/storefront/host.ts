import { parseHost, type HostResolution } from '../../projections/tenancy/host.js'
import type { Platform } from '../platform.js'
import { storeOfHost } from '../tenancy/host.js'

/** What a request's Host asks for. */
export type HostDecision =
  /** The platform itself (`localhost`, an IP, the API's own name): its routes as they are. */
  | { kind: 'platform' }
  /** `<x>.<PLATFORM_HOST>` that no store serves: the platform's 404 page. */
  | { kind: 'unknown_store' }
  /** A store's host other than its primary domain: 301 there, path and query kept. */
  | { kind: 'redirect'; location: string }
  | { kind: 'store'; store: HostResolution; origin: string }

/** Paths a store host leaves to the platform's own routes. */
const PLATFORM_PATHS = [
  /^\/storage\//,
  /^\/api\/storefront\/graphql(\?|$)/,
  /^\/api\/webhooks\//,
  // The TEST provider's pay page (api/http/webhooks/test-pay.ts): its route finds the store by host itself.
  /^\/checkout\/test-pay\//,
  // The checkout form and the order confirmation (api/http/checkout.ts), rendered by the platform, never by the theme.
  /^\/checkout(\/orders\/[^/?]*)?\/?(\?|$)/,
]

export function isPlatformPath(url: string): boolean {
  return PLATFORM_PATHS.some((pattern) => pattern.test(url))
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443 }

const IP = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i

/**
 * Which store, if any, a Host header names: `<slug>.<PLATFORM_HOST>` or a verified custom
 * domain. A store with a primary domain is served there only: its other hosts redirect.
 *
 * @example await decideHost(platform, 'demo-store.localhost:8080', '/products/x?variant=1', 'http')
 */
export async function decideHost(
  platform: Platform,
  hostHeader: string | undefined,
  url: string,
  protocol: string,
): Promise<HostDecision> {
  const platformHost = platform.config.platformHost.toLowerCase().replace(/\.$/, '')
  const parsed = hostHeader ? parseHost(hostHeader) : null
  const host = parsed?.hostname ?? null
  if (!host || host === platformHost || IP.test(host)) return { kind: 'platform' }
  const underPlatform = host.endsWith(`.${platformHost}`)
  const store = await storeOfHost(platform, host)
  if (!store) return underPlatform ? { kind: 'unknown_store' } : { kind: 'platform' }
  const platformName = `${store.slug}.${platformHost}`
  const hasPrimaryDomain = store.primaryHost !== platformName
  if (hasPrimaryDomain && host !== store.primaryHost)
    return { kind: 'redirect', location: `${protocol}://${store.primaryHost}${url}` }
  // The request's own port when its host is the store's preferred one, as a browser on localhost:8080 needs;
  // the name as the store spells it, so canonical links and cache keys are one per page however the header is written.
  const port = host === store.primaryHost && parsed!.port !== null && parsed!.port !== DEFAULT_PORTS[protocol]
  const origin = `${protocol}://${store.primaryHost}${port ? `:${parsed!.port}` : ''}`
  return { kind: 'store', store, origin }
}
