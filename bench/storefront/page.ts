import { get } from 'node:http'

export interface Page {
  status: number
  body: string
  /** `X-Cache` (HIT or MISS), absent when no page cache answered. */
  cache: string | null
}

/**
 * GET `path` from the server at `baseUrl` as the store's host: `fetch` cannot send a `Host` of its
 * own (a forbidden header), so this goes through node:http.
 */
export function getPage(baseUrl: string, host: string, path: string): Promise<Page> {
  const url = new URL(path, baseUrl)
  return new Promise((resolve, reject) => {
    const request = get(
      { hostname: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: { host } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const cache = response.headers['x-cache']
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            cache: typeof cache === 'string' ? cache : null,
          })
        })
        response.on('error', reject)
      },
    )
    request.on('error', reject)
  })
}
