import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'
import { badInput } from '../../domain/shared/errors.js'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Name → addresses; injected so tests need no DNS and can play any answer, hostile ones included. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }))

/**
 * What URL import may reach. Production builds it empty. `testOnlyLoopbackPorts` lets the
 * happy path be tested against a server on this machine: a loopback address passes only on
 * exactly these ports (the test server's ephemeral one). No configuration variable sets it,
 * and the fetcher refuses it under NODE_ENV=production.
 */
export interface UrlPolicy {
  testOnlyLoopbackPorts?: readonly number[]
}

const STANDARD_PORTS = [80, 443]

// Ranges ipaddr.js still calls unicast that no public host lives in.
const EXTRA_REFUSED: [ipaddr.IPv6, number][] = [
  ipaddr.parseCIDR('::/96') as [ipaddr.IPv6, number], // IPv4-compatible (deprecated), e.g. ::7f00:1
  ipaddr.parseCIDR('fec0::/10') as [ipaddr.IPv6, number], // site-local (deprecated)
  ipaddr.parseCIDR('64:ff9b:1::/48') as [ipaddr.IPv6, number], // local-use NAT64
]

/**
 * Parses a URL to import from, refusing before any connection what can never be fetched:
 * schemes other than http and https, credentials, and ports other than 80 and 443. Numeric
 * hosts in any spelling (`2130706433`, `0x7f.1`, `017700000001`) come out of the WHATWG parser
 * as dotted IPv4, so `checkAddress` judges them like any other address.
 */
export function parseImportUrl(raw: string, policy: UrlPolicy, field: readonly (string | number)[]): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw badInput(field, `'${short(raw)}' is not a URL; give an absolute http:// or https:// URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badInput(field, `only http and https URLs can be imported; got ${url.protocol.slice(0, -1)}`)
  if (url.username || url.password)
    throw badInput(field, 'URLs with a user name or password cannot be imported; use a public URL')
  const port = portOf(url)
  if (!STANDARD_PORTS.includes(port) && !(policy.testOnlyLoopbackPorts ?? []).includes(port)) {
    throw badInput(field, `only ports 80 and 443 can be reached; the URL asks for port ${port}`)
  }
  const host = hostOf(url)
  if (host === 'localhost' || host.endsWith('.localhost'))
    throw badInput(field, `'${host}' is this server itself; give a public URL`)
  return url
}

/** Why an address may not be connected to, or null when it may. */
export function refusalOf(address: string, port: number, policy: UrlPolicy): string | null {
  if (!ipaddr.isValid(address)) return `'${address}' is not an IP address`
  let ip = ipaddr.parse(address)
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address()
  const range = ip.range()
  const loopbackForTests = range === 'loopback' && (policy.testOnlyLoopbackPorts ?? []).includes(port)
  if (loopbackForTests) return null
  if (!STANDARD_PORTS.includes(port)) return `port ${port} is not 80 or 443`
  if (range !== 'unicast') return `${ip.toString()} is a ${range} address`
  if (ip.kind() === 'ipv6' && EXTRA_REFUSED.some((cidr) => (ip as ipaddr.IPv6).match(cidr)))
    return `${ip.toString()} is a reserved address`
  return null
}

/**
 * The one address the fetch will connect to: the host resolved, and every address it resolves
 * to checked, so a name that also points inside (a DNS answer mixing public and private
 * addresses) is refused whole.
 */
export async function resolveTarget(
  url: URL,
  resolve: Resolver,
  policy: UrlPolicy,
  field: readonly (string | number)[],
): Promise<ResolvedAddress> {
  const host = hostOf(url)
  const port = portOf(url)
  let addresses: ResolvedAddress[]
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
  } else {
    try {
      addresses = await resolve(host)
    } catch {
      throw badInput(field, `the host '${host}' could not be resolved; check the URL`)
    }
  }
  if (addresses.length === 0) throw badInput(field, `the host '${host}' has no address; check the URL`)
  for (const candidate of addresses) {
    const refusal = refusalOf(candidate.address, port, policy)
    if (refusal)
      throw badInput(
        field,
        `the URL leads to a private or reserved network (${refusal}); only public web addresses can be imported`,
      )
  }
  return addresses[0]!
}

export function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase()
}

export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
}

function short(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text
}
