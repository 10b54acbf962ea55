import { resolveHost, type HostResolution } from '../../projections/tenancy/host.js'
import type { Platform } from '../platform.js'

export type { HostResolution }

/**
 * The store a storefront host name serves (a slug subdomain of PLATFORM_HOST or a verified
 * custom domain), or null, as `/internal/resolve-host` tells the edge proxy.
 */
export function storeOfHost(platform: Platform, host: string): Promise<HostResolution | null> {
  return resolveHost(platform.database.db, host, platform.config.platformHost)
}
