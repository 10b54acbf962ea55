import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { image } from '../../test/support/media.js'
import { fetchUrl, type UrlFetchOptions } from './fetch-url.js'
import type { Resolver } from './url-guard.js'

let server: http.Server
let port: number
let png: Buffer
let base: string

beforeAll(async () => {
  png = await image(16, 16)
  server = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://x')
    const redirect = (location: string) => response.writeHead(302, { location }).end()
    switch (url.pathname) {
      case '/shirt.png':
        return response.writeHead(200, { 'content-type': 'image/png' }).end(png)
      case '/hop': {
        const left = Number(url.searchParams.get('left'))
        return redirect(left > 0 ? `/hop?left=${left - 1}` : '/shirt.png')
      }
      case '/to-metadata':
        return redirect('http://169.254.169.254/latest/meta-data/')
      case '/to-other-port':
        return redirect(`http://127.0.0.1:${port + 1}/shirt.png`)
      case '/to-name':
        return redirect(`http://files.example:${port}/shirt.png`)
      case '/big':
        return response.writeHead(200, { 'content-length': String(8000) }).end(Buffer.alloc(8000))
      case '/big-chunked':
        response.writeHead(200)
        response.write(Buffer.alloc(3000))
        return response.end(Buffer.alloc(3000))
      case '/slow':
        response.writeHead(200)
        response.write(Buffer.alloc(10))
        return
      default:
        return response.writeHead(404).end('not here')
    }
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  port = (server.address() as AddressInfo).port
  base = `http://127.0.0.1:${port}`
})

afterAll(async () => {
  server.closeAllConnections()
  server.close()
})

// files.example resolves to loopback, then to a private address on a second lookup: the pinned
// connection must never ask again.
let lookups = 0
const resolve: Resolver = async (host) => {
  if (host !== 'files.example') throw new Error('ENOTFOUND')
  lookups++
  return [{ address: lookups === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }]
}

const options = (): UrlFetchOptions => ({
  resolve,
  policy: { testOnlyLoopbackPorts: [port] },
  timeoutMs: 2_000,
  maxBytes: 5000,
})
const fetchIt = (url: string, overrides: Partial<UrlFetchOptions> = {}) =>
  fetchUrl(url, { ...options(), ...overrides }, ['input', 'url'])
const failure = (url: string, overrides: Partial<UrlFetchOptions> = {}) =>
  fetchIt(url, overrides).then(
    () => 'fetched',
    (e: Error) => e.message,
  )

describe('fetchUrl against a server on this machine', () => {
  it('downloads the file', async () => {
    const fetched = await fetchIt(`${base}/shirt.png`)
    expect(fetched.bytes.equals(png)).toBe(true)
    expect(fetched.url.pathname).toBe('/shirt.png')
  })

  it('connects to the address it checked, resolving a name once', async () => {
    lookups = 0
    const fetched = await fetchIt(`http://files.example:${port}/shirt.png`)
    expect(fetched.bytes.equals(png)).toBe(true)
    expect(lookups).toBe(1)
  })

  it('follows up to three redirects, checking each target', async () => {
    expect((await fetchIt(`${base}/hop?left=2`)).url.pathname).toBe('/shirt.png')
    expect(await failure(`${base}/hop?left=3`)).toBe("the URL redirects more than 3 times; give the file's final URL")
    expect(await failure(`${base}/to-metadata`)).toMatch(
      /private or reserved network \(169\.254\.169\.254 is a linkLocal address\)/,
    )
    expect(await failure(`${base}/to-other-port`)).toMatch(/only ports 80 and 443/)
    lookups = 1
    expect(await failure(`${base}/to-name`)).toMatch(/private or reserved network \(port \d+ is not 80 or 443\)/)
  })

  it('stops at the byte limit, announced or not', async () => {
    expect(await failure(`${base}/big`)).toBe(
      'the file at the URL is larger than the 5 KB limit; upload a smaller file',
    )
    expect(await failure(`${base}/big-chunked`)).toBe(
      'the file at the URL is larger than the 5 KB limit; upload a smaller file',
    )
  })

  it('gives up at the deadline, and reports answers that are not the file', async () => {
    expect(await failure(`${base}/slow`, { timeoutMs: 300 })).toMatch(/did not deliver the file within 0.3 s|broke off/)
    expect(await failure(`${base}/missing.png`)).toBe(
      'the server of the URL answered 404 instead of the file; check that the URL opens in a browser',
    )
  })

  it('reaches nothing on loopback without the test opening', async () => {
    expect(await failure(`${base}/shirt.png`, { policy: {} })).toMatch(/only ports 80 and 443/)
  })
})
