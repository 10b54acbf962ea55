import { domainToASCII } from 'node:url'

export const HOSTNAME_MAX_LENGTH = 253
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * A custom domain as the platform stores it: lowercase ASCII (internationalised names in
 * punycode), no trailing dot; or why the text cannot be one, written for the person who typed it.
 *
 * @example normalizeHostname('Bücher.Example.') // { hostname: 'xn--bcher-kva.example' }
 */
export function normalizeHostname(text: string): { hostname: string } | { problem: string } {
  const trimmed = text.trim().toLowerCase().replace(/\.$/, '')
  if (trimmed === '') return { problem: 'hostname must not be empty; give a domain such as shop.example.com' }
  if (/[/:@\s*?#]/.test(trimmed)) {
    return {
      problem: `'${text}' is not a hostname: give the domain alone, without scheme, port, path or wildcard, e.g. shop.example.com`,
    }
  }
  const ascii = domainToASCII(trimmed)
  if (!ascii) return { problem: `'${text}' is not a valid domain name` }
  if (ascii.length > HOSTNAME_MAX_LENGTH)
    return { problem: `hostname must be at most ${HOSTNAME_MAX_LENGTH} characters` }
  const labels = ascii.split('.')
  if (labels.length < 2)
    return { problem: `'${text}' is not a public domain: give a full name such as shop.example.com` }
  if (labels.some((label) => !LABEL.test(label))) {
    return { problem: `'${text}' is not a valid domain name: each part holds 1 to 63 letters, digits or inner hyphens` }
  }
  if (/^\d+$/.test(labels.at(-1)!))
    return { problem: `'${text}' looks like an IP address; a store domain must be a name such as shop.example.com` }
  if (labels.at(-1) === 'localhost' || labels.at(-1) === 'local' || labels.at(-1) === 'internal') {
    return {
      problem: `'${text}' is not a public domain: give one that resolves on the internet, such as shop.example.com`,
    }
  }
  return { hostname: ascii }
}

/**
 * Whether a hostname is the platform's own or under it: `<slug>.<PLATFORM_HOST>` names are
 * stores' subdomains, given by their slugs, never added as custom domains.
 */
export function isPlatformHostname(hostname: string, platformHost: string): boolean {
  const platform = platformHost.trim().toLowerCase().replace(/\.$/, '')
  return hostname === platform || hostname.endsWith(`.${platform}`)
}

/** The DNS name whose TXT record proves control of `hostname`. */
export function verificationRecordName(hostname: string): string {
  return `_emporium.${hostname}`
}
