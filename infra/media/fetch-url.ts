import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'
import { formatBytes } from '../../domain/shared/bytes.js'
import { badInput } from '../../domain/shared/errors.js'
import {
  hostOf,
  parseImportUrl,
  portOf,
  resolveTarget,
  type ResolvedAddress,
  type Resolver,
  type UrlPolicy,
} from './url-guard.js'

export interface UrlFetchOptions {
  resolve: Resolver
  policy: UrlPolicy
  timeoutMs: number
  maxBytes: number
  maxRedirects?: number
}

export interface FetchedFile {
  bytes: Buffer
  /** The last URL of the redirect chain, whose path names the file. */
  url: URL
}

const MAX_REDIRECTS = 3

/**
 * Downloads a file for URL import without letting the URL reach inside our network: every URL
 * of the redirect chain is checked (`url-guard.ts`) before its connection, the socket connects
 * to the very address that was checked (a pinned `lookup`, so a second DNS answer cannot swap
 * it), at most three redirects are followed, and the whole download has a deadline and stops
 * reading past `maxBytes`.
 */
export async function fetchUrl(
  raw: string,
  options: UrlFetchOptions,
  field: readonly (string | number)[],
): Promise<FetchedFile> {
  if (options.policy.testOnlyLoopbackPorts?.length && process.env.NODE_ENV === 'production') {
    throw new Error('testOnlyLoopbackPorts is for tests; it must never be set in production')
  }
  const deadline = AbortSignal.timeout(options.timeoutMs)
  let url = parseImportUrl(raw, options.policy, field)
  for (let redirects = 0; ; redirects++) {
    const target = await resolveTarget(url, options.resolve, options.policy, field)
    const response = await get(url, target, deadline, field, options.timeoutMs)
    const status = response.statusCode ?? 0
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume()
      if (redirects >= (options.maxRedirects ?? MAX_REDIRECTS))
        throw badInput(field, `the URL redirects more than ${MAX_REDIRECTS} times; give the file's final URL`)
      let next: URL
      try {
        next = new URL(response.headers.location, url)
      } catch {
        throw badInput(field, 'the URL redirects to something that is not a URL')
      }
      url = parseImportUrl(next.toString(), options.policy, field)
      continue
    }
    if (status !== 200) {
      response.resume()
      throw badInput(
        field,
        `the server of the URL answered ${status} instead of the file; check that the URL opens in a browser`,
      )
    }
    return { bytes: await readCapped(response, options.maxBytes, field), url }
  }
}

function get(
  url: URL,
  target: ResolvedAddress,
  signal: AbortSignal,
  field: readonly (string | number)[],
  timeoutMs: number,
): Promise<http.IncomingMessage> {
  const host = hostOf(url)
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }])
    else callback(null, target.address, target.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        protocol: url.protocol,
        host,
        port: portOf(url),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { 'user-agent': 'Emporium-MediaImport/1', accept: 'image/*, application/pdf;q=0.9, */*;q=0.1' },
        lookup: pinned,
        // A fresh connection per request: a pooled socket could have been opened for another address.
        agent: false,
        signal,
        ...(url.protocol === 'https:' && !ipaddr.isValid(host) ? { servername: host } : {}),
      },
      resolve,
    )
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (signal.aborted)
        reject(
          badInput(
            field,
            `the URL did not deliver the file within ${timeoutMs / 1000} s; try again or upload the file`,
          ),
        )
      else
        reject(
          badInput(
            field,
            `the URL could not be fetched (${error.code ?? 'connection failed'}); check that it opens in a browser`,
          ),
        )
    })
    request.end()
  })
}

async function readCapped(
  response: http.IncomingMessage,
  maxBytes: number,
  field: readonly (string | number)[],
): Promise<Buffer> {
  const tooLarge = () =>
    badInput(field, `the file at the URL is larger than the ${formatBytes(maxBytes)} limit; upload a smaller file`)
  const declared = Number(response.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy()
    throw tooLarge()
  }
  const chunks: Buffer[] = []
  let total = 0
  try {
    for await (const chunk of response) {
      total += (chunk as Buffer).length
      if (total > maxBytes) {
        response.destroy()
        throw tooLarge()
      }
      chunks.push(chunk as Buffer)
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error as { code: unknown }).code === 'BAD_USER_INPUT') throw error
    throw badInput(field, 'the download from the URL broke off; try again or upload the file')
  }
  return Buffer.concat(chunks)
}
