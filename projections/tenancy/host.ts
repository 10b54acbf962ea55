import type { AnyDb } from '../../infra/database/database.js'
import { findPrimaryDomain, findVerifiedDomain } from './domain/queries.js'
import { findStore, findStoreBySlug, type StoreRecord } from './queries.js'

/** The store a storefront host name serves, as the edge proxy and the storefront ask it. */
export interface HostResolution {
  storeId: string
  organizationId: string
  slug: string
  name: string
  commerceEnabled: boolean
  /** The host the store prefers: its primary verified domain, else `<slug>.<PLATFORM_HOST>`. */
  primaryHost: string
  /** How the host matched. */
  via: 'platform_subdomain' | 'custom_domain'
}

/** `Shop.Example.com.:443` → `shop.example.com`; null when there is nothing host-like. */
export function normalizeHost(host: string): string | null {
  const withoutPort = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
  return /^[a-z0-9.-]+$/.test(withoutPort) ? withoutPort : null
}

/**
 * The active store serving `host`: `<slug>.<platformHost>` or a verified custom domain. Archived
 * stores serve nothing, and a pending or failed domain serves nobody.
 *
 * @example await resolveHost(db, 'acme.emporium.shop', 'emporium.shop')
 */
export async function resolveHost(db: AnyDb, host: string, platformHost: string): Promise<HostResolution | null> {
  const hostname = normalizeHost(host)
  if (!hostname) return null
  const suffix = `.${platformHost.toLowerCase().replace(/\.$/, '')}`
  const via: HostResolution['via'] = hostname.endsWith(suffix) ? 'platform_subdomain' : 'custom_domain'
  const store =
    via === 'platform_subdomain' ? await bySlug(db, hostname.slice(0, -suffix.length)) : await byDomain(db, hostname)
  if (!store || store.status === 'ARCHIVED') return null
  const primary = await findPrimaryDomain(db, store.id)
  return {
    storeId: store.id,
    organizationId: store.organizationId,
    slug: store.slug,
    name: store.name,
    commerceEnabled: store.commerceEnabled,
    primaryHost: primary?.hostname ?? `${store.slug}${suffix}`,
    via,
  }
}

/** Only one label: `a.b.<platform host>` is no store's subdomain. */
async function bySlug(db: AnyDb, slug: string): Promise<StoreRecord | null> {
  return slug.includes('.') ? null : findStoreBySlug(db, slug)
}

async function byDomain(db: AnyDb, hostname: string): Promise<StoreRecord | null> {
  const domain = await findVerifiedDomain(db, hostname)
  return domain ? findStore(db, domain.organizationId, domain.storeId) : null
}
