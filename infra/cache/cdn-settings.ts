// What `CDN_PURGE` configures, apart from the adapter (`cdn-purge.ts`) so that the configuration,
// which the logger reads, does not import what logs.

/** Which CDN API purges by key, with what credentials (`CDN_PURGE` and its variables). */
export type CdnPurgeSettings =
  | { provider: 'fastly'; serviceId: string; apiToken: string; softPurge: boolean; apiUrl: string }
  | { provider: 'cloudflare'; zoneId: string; apiToken: string; apiUrl: string }

export const CDN_API_URLS = { fastly: 'https://api.fastly.com', cloudflare: 'https://api.cloudflare.com' } as const
