import http from 'node:http'
import https from 'node:https'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DomainError } from '../../domain/shared/errors.js'
import { fetchUrl } from './fetch-url.js'
import { refusalOf, type Resolver } from './url-guard.js'

/** A DNS that answers from this table only: no test here ever asks a real resolver. */
const DNS: Record<string, string[]> = {
  'public.example': ['93.184.216.34'],
  'internal.example': ['10.1.2.3'],
  'mixed.example': ['93.184.216.34', '192.168.0.10'],
  'metadata.google.internal': ['169.254.169.254'],
  'v6-link-local.example': ['fe80::1'],
  'v6-unique-local.example': ['fd12:3456::1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'cgnat.example': ['100.100.100.100'],
  'nothing.example': [],
}
const resolve: Resolver = async (host) => {
  const addresses = DNS[host]
  if (!addresses) throw new Error(`ENOTFOUND ${host}`)
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
}

const HOSTILE = [
  ['loopback', 'http://127.0.0.1/a.png'],
  ['loopback, other /8 address', 'http://127.8.9.10/'],
  ['localhost by name', 'http://localhost/a.png'],
  ['a .localhost name', 'http://shop.localhost/'],
  ['decimal IPv4', 'http://2130706433/'],
  ['hex IPv4', 'http://0x7f.1/'],
  ['whole hex IPv4', 'http://0x7f000001/'],
  ['octal IPv4', 'http://017700000001/'],
  ['short IPv4', 'http://127.1/'],
  ['zero', 'http://0/'],
  ['unspecified', 'http://0.0.0.0/'],
  ['cloud metadata', 'http://169.254.169.254/latest/meta-data/iam/'],
  ['metadata in decimal', 'http://2852039166/'],
  ['private 10/8', 'http://10.0.0.1/'],
  ['private 172.16/12', 'http://172.16.5.4/'],
  ['private 192.168/16', 'http://192.168.1.1/'],
  ['CGNAT 100.64/10', 'http://100.64.0.1/'],
  ['multicast', 'http://224.0.0.1/'],
  ['broadcast', 'http://255.255.255.255/'],
  ['reserved 240/4', 'http://240.0.0.1/'],
  ['IPv6 loopback', 'http://[::1]/'],
  ['IPv6 unspecified', 'http://[::]/'],
  ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
  ['IPv4-mapped metadata', 'http://[0:0:0:0:0:ffff:a9fe:a9fe]/'],
  ['IPv4-compatible loopback', 'http://[::127.0.0.1]/'],
  ['NAT64 of loopback', 'http://[64:ff9b::7f00:1]/'],
  ['6to4 of loopback', 'http://[2002:7f00:1::1]/'],
  ['unique local fc00::/7', 'http://[fc00::1]/'],
  ['AWS metadata over IPv6', 'http://[fd00:ec2::254]/'],
  ['link-local fe80::/10', 'http://[fe80::1]/'],
  ['site-local fec0::/10', 'http://[fec0::1]/'],
  ['IPv6 multicast', 'http://[ff02::1]/'],
  ['a name resolving to a private address', 'http://internal.example/a.png'],
  ['a name resolving to public and private addresses', 'https://mixed.example/a.png'],
  ['a name resolving to the metadata service', 'http://metadata.google.internal/computeMetadata/v1/'],
  ['a name resolving to IPv6 link-local', 'http://v6-link-local.example/'],
  ['a name resolving to IPv6 unique local', 'http://v6-unique-local.example/'],
  ['a name resolving to mapped loopback', 'http://mapped.example/'],
  ['a name resolving to CGNAT', 'http://cgnat.example/'],
  ['a name without addresses', 'http://nothing.example/'],
  ['a name that does not resolve', 'http://unknown.example/'],
  ['port 8080', 'http://public.example:8080/a.png'],
  ['port 22', 'http://public.example:22/'],
  ['https on port 80 of loopback', 'https://127.0.0.1:80/'],
  ['credentials', 'http://user:secret@public.example/a.png'],
  ['ftp', 'ftp://public.example/a.png'],
  ['file', 'file:///etc/passwd'],
  ['gopher', 'gopher://public.example:70/'],
  ['data', 'data:image/png;base64,AAAA'],
  ['javascript', 'javascript:alert(1)'],
  ['not a URL', 'not a url'],
  ['a relative path', '/storage/a.png'],
] as const

describe('URL import guard', () => {
  let connections = 0
  beforeEach(() => {
    connections = 0
    // Belt and braces: if the guard let anything through, the test fails instead of connecting.
    const refuse = () => {
      connections++
      throw new Error('a hostile URL reached a connection attempt')
    }
    vi.spyOn(http, 'request').mockImplementation(refuse)
    vi.spyOn(https, 'request').mockImplementation(refuse)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it.each(HOSTILE)('refuses %s (%s) before connecting', async (_case, url) => {
    const error = await fetchUrl(url, { resolve, policy: {}, timeoutMs: 1_000, maxBytes: 1024 }, [
      'input',
      'url',
    ]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DomainError)
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'url'] })
    expect(connections).toBe(0)
  })

  it('says why, in words a merchant can act on', async () => {
    const reason = (url: string) =>
      fetchUrl(url, { resolve, policy: {}, timeoutMs: 1_000, maxBytes: 1024 }, ['input', 'url']).catch(
        (e: Error) => e.message,
      )
    expect(await reason('http://169.254.169.254/')).toBe(
      'the URL leads to a private or reserved network (169.254.169.254 is a linkLocal address); only public web addresses can be imported',
    )
    expect(await reason('http://public.example:8080/')).toBe(
      'only ports 80 and 443 can be reached; the URL asks for port 8080',
    )
    expect(await reason('ftp://public.example/')).toBe('only http and https URLs can be imported; got ftp')
    expect(await reason('http://[::ffff:127.0.0.1]/')).toMatch(/127\.0\.0\.1 is a loopback address/)
  })

  it('lets public unicast addresses through on ports 80 and 443 only', () => {
    expect(refusalOf('93.184.216.34', 443, {})).toBeNull()
    expect(refusalOf('2606:2800:220:1:248:1893:25c8:1946', 80, {})).toBeNull()
    expect(refusalOf('93.184.216.34', 8443, {})).toBe('port 8443 is not 80 or 443')
  })

  it('opens loopback for tests on exactly the listed ports, and nothing else', () => {
    const policy = { testOnlyLoopbackPorts: [41234] }
    expect(refusalOf('127.0.0.1', 41234, policy)).toBeNull()
    expect(refusalOf('::1', 41234, policy)).toBeNull()
    expect(refusalOf('127.0.0.1', 41235, policy)).not.toBeNull()
    expect(refusalOf('10.0.0.1', 41234, policy)).not.toBeNull()
    expect(refusalOf('169.254.169.254', 41234, policy)).not.toBeNull()
    expect(refusalOf('93.184.216.34', 41234, policy)).toBe('port 41234 is not 80 or 443')
  })

  it('refuses the test opening under NODE_ENV=production', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    try {
      await expect(
        fetchUrl(
          'http://127.0.0.1:41234/',
          { resolve, policy: { testOnlyLoopbackPorts: [41234] }, timeoutMs: 1_000, maxBytes: 1024 },
          ['url'],
        ),
      ).rejects.toThrow('testOnlyLoopbackPorts is for tests')
    } finally {
      vi.unstubAllEnvs()
    }
    expect(connections).toBe(0)
  })
})
