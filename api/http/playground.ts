import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzip as gzipCallback } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PLAYGROUND_CSS, PLAYGROUND_START_JS, playgroundHtml, type PlaygroundAssetUrls } from './playground-page.js'

const gzip = promisify(gzipCallback)

/**
 * What the page may load: only our own origin, and no script but the files below. Two things are
 * loosened, each because GraphiQL needs it: its dialogs add a `<style>` element at run time (the
 * scroll lock of its UI library; a nonce cannot reach it inside the bundle, and its content varies
 * with the scrollbar width, so no hash fits), hence `'unsafe-inline'` for styles, which cannot run
 * script and can load nothing from elsewhere; and its stylesheet embeds fonts and icons as `data:` URLs.
 */
export const PLAYGROUND_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** The hash is in each asset's URL, so a browser may keep it for good: a new version is a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

interface Asset {
  name: string
  type: string
  body: Buffer
  hash: string
  /** The bundle's source map, read only when a developer's tools ask for it. */
  mapPath?: string
}

/** The installed bundles; a missing package fails the start, not the first visit. */
function bundleFiles() {
  const require = createRequire(import.meta.url)
  const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`))
  return {
    react: path.join(packageDir('react'), 'umd/react.production.min.js'),
    reactDom: path.join(packageDir('react-dom'), 'umd/react-dom.production.min.js'),
    graphiql: path.join(packageDir('graphiql'), 'graphiql.min.js'),
    css: path.join(packageDir('graphiql'), 'graphiql.min.css'),
  }
}

type AssetTable = { byName: Map<string, Asset>; html: string }

function asset(name: string, type: string, body: Buffer, mapPath?: string): Asset {
  return { name, type, body, hash: createHash('sha256').update(body).digest('hex').slice(0, 16), mapPath }
}

async function loadAssets(files: ReturnType<typeof bundleFiles>): Promise<AssetTable> {
  const read = (file: string) => readFile(file)
  const assets: Record<keyof PlaygroundAssetUrls, Asset> = {
    react: asset('react.production.min.js', 'text/javascript; charset=utf-8', await read(files.react)),
    reactDom: asset('react-dom.production.min.js', 'text/javascript; charset=utf-8', await read(files.reactDom)),
    graphiql: asset(
      'graphiql.min.js',
      'text/javascript; charset=utf-8',
      await read(files.graphiql),
      `${files.graphiql}.map`,
    ),
    css: asset('graphiql.min.css', 'text/css; charset=utf-8', await read(files.css), `${files.css}.map`),
    pageCss: asset('playground.css', 'text/css; charset=utf-8', Buffer.from(PLAYGROUND_CSS)),
    start: asset('playground.js', 'text/javascript; charset=utf-8', Buffer.from(PLAYGROUND_START_JS)),
  }
  const url = (a: Asset) => `/graphiql/assets/${a.hash}/${a.name}`
  const html = playgroundHtml({
    react: url(assets.react),
    reactDom: url(assets.reactDom),
    graphiql: url(assets.graphiql),
    css: url(assets.css),
    pageCss: url(assets.pageCss),
    start: url(assets.start),
  })
  return { byName: new Map(Object.values(assets).map((a) => [a.name, a])), html }
}

/** Read once per process, on the first visit: an API that nobody opens the playground on pays nothing. */
let table: Promise<AssetTable> | undefined
const compressed = new Map<string, Promise<Buffer>>()
const maps = new Map<string, Promise<Buffer>>()

function memo(cache: Map<string, Promise<Buffer>>, key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let value = cache.get(key)
  if (!value) {
    value = make()
    // A failed read is tried again on the next request rather than remembered.
    value.catch(() => cache.delete(key))
    cache.set(key, value)
  }
  return value
}

/**
 * GraphiQL at `/graphiql`, served entirely from this server (React, GraphiQL and its styles from
 * the installed packages), so it works offline and behind a strict firewall. The page fetches
 * `/graphql` on the same origin; the key goes in GraphiQL's Headers tab. Registered only while
 * `GRAPHQL_PLAYGROUND` is on.
 */
export async function playgroundRoutes(app: FastifyInstance): Promise<void> {
  const files = bundleFiles()
  const assets = () =>
    (table ??= loadAssets(files).catch((error: unknown) => {
      table = undefined
      throw error
    }))

  app.get('/graphiql', async (_request, reply) => {
    const { html } = await assets()
    return reply
      .header('content-security-policy', PLAYGROUND_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html)
  })

  app.get<{ Params: { hash: string; name: string } }>('/graphiql/assets/:hash/:name', async (request, reply) => {
    const { hash, name } = request.params
    const { byName } = await assets()
    const bundle = name.endsWith('.map') ? byName.get(name.slice(0, -'.map'.length)) : undefined
    const mapPath = bundle?.hash === hash ? bundle.mapPath : undefined
    if (mapPath) {
      const body = await memo(maps, mapPath, () => readFile(mapPath))
      return sendAsset(request, reply, { name, type: 'application/json; charset=utf-8', body, hash }, `${hash}.map`)
    }
    const found = byName.get(name)
    if (!found || found.hash !== hash) return reply.callNotFound()
    return sendAsset(request, reply, found, hash)
  })
}

async function sendAsset(
  request: FastifyRequest,
  reply: FastifyReply,
  asset: Asset,
  etagKey: string,
): Promise<FastifyReply> {
  const etag = `"${etagKey}"`
  reply
    .header('cache-control', IMMUTABLE)
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('vary', 'accept-encoding')
  if (request.headers['if-none-match'] === etag) return reply.code(304).send()
  reply.type(asset.type)
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    const body = await memo(compressed, etagKey, () => gzip(asset.body))
    return reply.header('content-encoding', 'gzip').send(body)
  }
  return reply.send(asset.body)
}
