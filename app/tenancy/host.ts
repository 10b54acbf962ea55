import type { HostResolution } from '../../projections/tenancy/host.js'
import type { Platform } from '../platform.js'

export type { HostResolution }

/**
 * The store a storefront host name serves (a slug subdomain of PLATFORM_HOST or a verified
 * custom domain), or null, as `/internal/resolve-host` tells the edge proxy; kept in the process
 * while current (kept-hosts.ts).
 */
export function storeOfHost(platform: Platform, host: string): Promise<HostResolution | null> {
  return platform.hosts.resolve(host)
}
