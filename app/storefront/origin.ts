import type { Config } from '../../infra/config.js'
import { findPrimaryDomain } from '../../projections/tenancy/domain/queries.js'
import type { Platform } from '../platform.js'

/**
 * `<slug>.<PLATFORM_HOST>` as a shopper reaches it: over plain http with the server's port on
 * `*.localhost`, where development runs (browsers resolve it without DNS), else https.
 */
export function subdomainOrigin(config: Pick<Config, 'platformHost' | 'port'>, slug: string): string {
  const host = `${slug}.${config.platformHost.replace(/\.$/, '')}`
  if (!host.endsWith('.localhost')) return `https://${host}`
  return `http://${host}${config.port === 80 ? '' : `:${config.port}`}`
}

/** Where shoppers reach a store: `https://` its primary custom domain, else its subdomain of the platform host. */
export async function storefrontOrigin(platform: Platform, store: { id: string; slug: string }): Promise<string> {
  const primary = await findPrimaryDomain(platform.database.db, store.id)
  return primary ? `https://${primary.hostname}` : subdomainOrigin(platform.config, store.slug)
}
