import type { Kysely } from 'kysely'
import type { AnyDb } from '../../infra/database/database.js'
import type { StoreDomainTables } from './domain/tables.js'
import type { TenancyTables } from './tables.js'

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
  return parseHost(host)?.hostname ?? null
}

/**
 * A Host header's name and port: `Shop.Example.com.:0443` → `{ hostname: 'shop.example.com', port: 443 }`;
 * null when there is nothing host-like, or a port no socket can have (0, over 65535).
 */
export function parseHost(host: string): { hostname: string; port: number | null } | null {
  const [, name, digits] = /^(.*?)(?::(\d+))?$/.exec(host.trim().toLowerCase())!
  const port = digits === undefined ? null : Number(digits)
  if (port !== null && !(port >= 1 && port <= 65535)) return null
  const hostname = name!.replace(/\.$/, '')
  return /^[a-z0-9.-]+$/.test(hostname) ? { hostname, port } : null
}

/**
 * The active store serving `host`: `<slug>.<platformHost>` or a verified custom domain. Archived
 * stores serve nothing, and a pending or failed domain serves nobody. One statement (the store and
 * its primary domain together): every storefront request asks it.
 *
 * @example await resolveHost(db, 'acme.emporium.shop', 'emporium.shop')
 */
export async function resolveHost(db: AnyDb, host: string, platformHost: string): Promise<HostResolution | null> {
  const hostname = normalizeHost(host)
  if (!hostname) return null
  const suffix = `.${platformHost.toLowerCase().replace(/\.$/, '')}`
  const via: HostResolution['via'] = hostname.endsWith(suffix) ? 'platform_subdomain' : 'custom_domain'
  const slug = hostname.slice(0, -suffix.length)
  // Only one label: `a.b.<platform host>` is no store's subdomain.
  if (via === 'platform_subdomain' && slug.includes('.')) return null
  const hostDb = db as Kysely<TenancyTables & StoreDomainTables>
  const store = await hostDb
    .selectFrom('stores')
    .select(['id', 'organization_id', 'slug', 'name', 'status', 'commerce_enabled'])
    .select((eb) =>
      eb
        .selectFrom('store_domains')
        .select('hostname')
        .whereRef('store_domains.store_id', '=', 'stores.id')
        .where('is_primary', '=', true)
        .limit(1)
        .as('primary_host'),
    )
    .where((eb) =>
      via === 'platform_subdomain'
        ? eb('slug', '=', slug)
        : eb(
            'id',
            'in',
            eb
              .selectFrom('store_domains')
              .select('store_id')
              .where('hostname', '=', hostname)
              .where('status', '=', 'VERIFIED'),
          ),
    )
    .executeTakeFirst()
  if (!store || store.status === 'ARCHIVED') return null
  return {
    storeId: store.id,
    organizationId: store.organization_id,
    slug: store.slug,
    name: store.name,
    commerceEnabled: store.commerce_enabled,
    primaryHost: store.primary_host ?? `${store.slug}${suffix}`,
    via,
  }
}
