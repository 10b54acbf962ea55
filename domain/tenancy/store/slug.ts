import { HANDLE_PATTERN } from '../../shared/handle.js'
import { isUuid } from '../../shared/ids.js'

export const SLUG_MIN_LENGTH = 3
export const SLUG_MAX_LENGTH = 40

/**
 * A slug is the store's subdomain (`<slug>.<PLATFORM_HOST>`), so these are names the platform
 * serves itself, or that mail and DNS conventions give special meaning; a store holding one
 * could impersonate the platform.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'www',
  'admin',
  'api',
  'mcp',
  'internal',
  'storage',
  'static',
  'assets',
  'app',
  'mail',
  'graphql',
  'health',
  'ready',
  'metrics',
  'webhooks',
  'auth',
  'login',
  'logout',
  'signin',
  'signup',
  'account',
  'accounts',
  'dashboard',
  'console',
  'settings',
  'billing',
  'help',
  'support',
  'status',
  'docs',
  'blog',
  'cdn',
  'media',
  'files',
  'img',
  'images',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'ns1',
  'ns2',
  'mx',
  'dns',
  'email',
  'postmaster',
  'hostmaster',
  'webmaster',
  'abuse',
  'security',
  'root',
  'system',
  'platform',
  'emporium',
  'localhost',
  'dev',
  'staging',
  'test',
  'demo',
  'preview',
  'edge',
  'proxy',
])

/** Why `slug` cannot name a store, written for the person who chose it; null when it can. */
export function slugProblem(slug: string): string | null {
  if (slug.length < SLUG_MIN_LENGTH || slug.length > SLUG_MAX_LENGTH) {
    return `slug '${slug}' must be ${SLUG_MIN_LENGTH} to ${SLUG_MAX_LENGTH} characters long`
  }
  if (!HANDLE_PATTERN.test(slug)) {
    return `slug '${slug}' may hold only lowercase letters, digits and single hyphens between them, e.g. 'acme-shop'`
  }
  if (RESERVED_SLUGS.has(slug)) return `slug '${slug}' is reserved by the platform; choose another`
  // X-Store accepts an id or a slug: a slug shaped like an id would be read as one.
  if (isUuid(slug)) return `slug '${slug}' looks like a store id; choose a name-like slug`
  return null
}
