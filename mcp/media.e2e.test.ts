import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp, type Tenant } from '../test/support/app.js'
import { MEDIA_FIELDS, image, uploadFile, useTestMedia, type MediaView } from '../test/support/media.js'
import { callTool, callToolError, connect, httpTransport, listenForMcp, withMcpClient } from '../test/support/mcp.js'

// upload_image as an agent calls it over streamable HTTP: base64 or a URL in, the media pipeline of
// every transport in between, and what GraphQL and /storage show afterwards. Refusals carry the
// code and message GraphQL gives for the same file or URL; the field names the tool's argument.

interface Uploaded {
  media: MediaView & { createdAt: string; updatedAt: string; revision: number }
  url: string
  attachedToProductId: string | null
  eventPosition: string | null
}

const POSITION = /^\d{20}-\d{20}$/
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
)
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

let t: TestApp
let shop: Tenant
let client: Client
let mcpUrl: string
let media: Awaited<ReturnType<typeof useTestMedia>>
let png: Buffer
let images: http.Server
let imagesPort: number
let imageRequests = 0

beforeAll(async () => {
  png = await image(64, 48)
  images = http.createServer((request, response) => {
    imageRequests++
    if (request.url === '/catalog/shirt.jpg') return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(png)
    return response.writeHead(404).end()
  })
  images.listen(0, '127.0.0.1')
  await once(images, 'listening')
  imagesPort = (images.address() as AddressInfo).port
  t = await startTestApp()
  shop = await t.tenant('mcp-media')
  // Blobs in a temporary directory; URL import may reach loopback on the image server's port only
  // (the one opening for tests), and DNS answers only for a name that points at this machine.
  media = await useTestMedia(t, {
    urlImport: {
      policy: { testOnlyLoopbackPorts: [imagesPort] },
      resolve: async (host) =>
        host === 'images.example'
          ? [{ address: '127.0.0.1', family: 4 }]
          : Promise.reject(new Error('no DNS in tests')),
    },
  })
  mcpUrl = await listenForMcp(t)
  client = await connect(httpTransport(mcpUrl, shop.apiKey))
})

afterAll(async () => {
  await client?.close()
  await t?.close()
  await media?.cleanup()
  images?.closeAllConnections()
  images?.close()
})

async function mediaCount(): Promise<number> {
  return (await callTool<{ totalCount: number }>(client, 'list_media')).data.totalCount
}

async function graphQLUrlError(url: string) {
  const response = await t.gql(
    shop.apiKey,
    'mutation ($input: MediaCreateFromUrlInput!) { mediaCreateFromUrl(input: $input) { media { id } } }',
    { input: { url } },
  )
  const error = response.errors![0]!
  return { code: error.extensions.code, message: error.message, field: error.extensions.field }
}

describe('upload_image over streamable HTTP', () => {
  it('is listed for a write key: open-world, taking data or url, a file name, alt text and a product', async () => {
    const tool = (await client.listTools()).tools.find((candidate) => candidate.name === 'upload_image')!
    expect(tool.description).toMatch(
      /^Put an image \(JPEG, PNG, WebP, AVIF, GIF\) or a PDF into the current store's media library/,
    )
    expect(tool.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    })
    expect(tool.inputSchema).toMatchObject({ type: 'object', required: ['filename'], additionalProperties: false })
    expect(Object.keys(tool.inputSchema.properties!)).toEqual(['data', 'url', 'filename', 'alt', 'productId'])
  })

  it('uploads base64 data onto a product, which GraphQL, get_product and /storage then show', async () => {
    const product = (await callTool<{ id: string }>(client, 'create_product', { title: 'Red Shirt' })).data
    const outcome = await callTool<Uploaded>(client, 'upload_image', {
      data: png.toString('base64'),
      filename: 'red-shirt.png',
      alt: 'Red shirt, front',
      productId: product.id,
    })
    expect(outcome.isError).toBe(false)
    const uploaded = outcome.data
    expect(uploaded).toMatchObject({
      media: {
        kind: 'IMAGE',
        mimeType: 'image/png',
        filename: 'red-shirt.png',
        alt: 'Red shirt, front',
        width: 64,
        height: 48,
        revision: 0,
      },
      attachedToProductId: product.id,
      eventPosition: expect.stringMatching(POSITION),
    })
    expect(uploaded.media.url).toMatch(new RegExp(`^/storage/${shop.storeId}/[0-9a-f]{64}\\.png$`))
    // Over HTTP the server knows the origin the client used, so the URL works as it is.
    expect(uploaded.url).toBe(`${new URL(mcpUrl).origin}${uploaded.media.url}`)

    const viaGraphQL = await t.gql<{ media: unknown; product: { media: unknown[] } }>(
      shop.apiKey,
      `query ($id: ID!, $productId: ID) { media(id: $id) { ${MEDIA_FIELDS} } product(id: $productId) { media { id url alt } } }`,
      { id: uploaded.media.id, productId: product.id },
    )
    expect(viaGraphQL.errors).toBeUndefined()
    expect(viaGraphQL.data?.media).toEqual(uploaded.media)
    expect(viaGraphQL.data?.product.media).toEqual([
      { id: uploaded.media.id, url: uploaded.media.url, alt: 'Red shirt, front' },
    ])
    const viaTool = await callTool<{ media: unknown[] }>(client, 'get_product', { id: product.id })
    expect(viaTool.data.media).toEqual([
      { id: uploaded.media.id, url: uploaded.media.url, alt: 'Red shirt, front', position: 0 },
    ])

    const served = await fetch(uploaded.url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('etag')).toBe(`"${uploaded.media.hash}"`)
    const bytes = Buffer.from(await served.arrayBuffer())
    expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE)
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 })

    const log = await callTool<{ nodes: { type: string; actor: { type: string } }[] }>(client, 'get_audit_log', {
      filter: { entityId: uploaded.media.id },
    })
    expect(log.data.nodes.map((entry) => [entry.type, entry.actor.type])).toEqual([['MediaCreated', 'mcp']])
  })

  it('stores a PNG named .jpg, sent as a data URL claiming image/jpeg, as the PNG it is', async () => {
    // Unused arguments as null, as agents often send them.
    const { data } = await callTool<Uploaded>(client, 'upload_image', {
      data: `data:image/jpeg;base64,${png.toString('base64')}`,
      url: null,
      productId: null,
      filename: 'photo.jpg',
    })
    expect(data.media).toMatchObject({ mimeType: 'image/png', filename: 'photo.png', alt: '' })
    expect(data.url).toMatch(/\.png$/)
    expect(data.attachedToProductId).toBeNull()
  })

  it("refuses an SVG with GraphQL's code and message, and malformed calls on the argument at fault, storing nothing", async () => {
    const before = await mediaCount()
    const error = await callToolError(client, 'upload_image', { data: SVG.toString('base64'), filename: 'logo.svg' })
    const viaGraphQL = (
      await uploadFile(t, shop.apiKey, { data: SVG, filename: 'logo.svg', contentType: 'image/svg+xml' })
    ).errors![0]!
    expect(error).toEqual({ code: 'BAD_USER_INPUT', message: viaGraphQL.message, field: ['input', 'data'] })
    expect(viaGraphQL.extensions.code).toBe('BAD_USER_INPUT')
    expect(error.message).toMatch(/^SVG images are refused because they can carry scripts/)

    for (const [args, field, message] of [
      [{ filename: 'a.png', data: null }, ['input', 'data'], /give either data .* or url .*, exactly one of them/],
      [
        { filename: 'a.png', data: png.toString('base64'), url: `http://127.0.0.1:${imagesPort}/catalog/shirt.jpg` },
        ['input', 'data'],
        /exactly one of them/,
      ],
      [{ filename: 'a.png', data: 'not base64 at all!' }, ['input', 'data'], /data must be the file encoded as base64/],
      [{ data: png.toString('base64') }, ['input', 'filename'], /^input\.filename: /],
      [
        { filename: 'a.png', data: png.toString('base64'), productId: 'shirt' },
        ['input', 'productId'],
        /productId must be a product id \(a UUID\)/,
      ],
      [
        { filename: 'a.png', data: png.toString('base64'), alt: 'x'.repeat(600) },
        ['input', 'alt'],
        /^alt must be at most 512 characters$/,
      ],
      [{ filename: 'a.png', data: png.toString('base64'), colour: 'red' }, ['input'], /colour/],
    ] as const) {
      const refused = await callToolError(client, 'upload_image', args)
      expect(refused, JSON.stringify(Object.keys(args))).toMatchObject({ code: 'BAD_USER_INPUT', field })
      expect(refused.message).toMatch(message)
    }
    expect(await mediaCount()).toBe(before)
  })

  it('checks productId before storing anything: an unknown product, or a key that may not attach', async () => {
    const before = await mediaCount()
    const missing = '01900000-0000-7000-8000-0000000000aa'
    const error = await callToolError(client, 'upload_image', {
      data: png.toString('base64'),
      filename: 'a.png',
      productId: missing,
    })
    expect(error).toEqual({
      code: 'NOT_FOUND',
      message: `product '${missing}' does not exist in this store`,
      field: ['input', 'productId'],
    })

    await withMcpClient(mcpUrl, await t.key('mcp-media', ['webstore:write']), async (webstore) => {
      const forbidden = await callToolError(webstore, 'upload_image', {
        data: png.toString('base64'),
        filename: 'a.png',
        productId: missing,
      })
      expect(forbidden).toMatchObject({ code: 'FORBIDDEN', field: ['input', 'productId'] })
      expect(forbidden.message).toMatch(/needs the products:write scope.*upload without productId/)
      // Without a product the web store's key uploads like any other.
      expect(
        (await callTool(webstore, 'upload_image', { data: png.toString('base64'), filename: 'banner.png' })).isError,
      ).toBe(false)
    })
    expect(await mediaCount()).toBe(before + 1)
  })
})

describe('sizes', () => {
  it('the base64 of a file of the byte limit fits through /mcp to the pipeline; one byte more is refused as GraphQL refuses it', async () => {
    const limit = t.platform.config.mediaMaxBytes
    // Zeros are no image: what matters is that the pipeline, not the transport, answers.
    const atLimit = await callToolError(client, 'upload_image', {
      data: Buffer.alloc(limit).toString('base64'),
      filename: 'big.png',
    })
    expect(atLimit).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'data'] })
    expect(atLimit.message).toMatch(/^the file is of a type that is not allowed/)

    // Over MCP the file is a field of the tool's input; over GraphQL multipart it is a part of the request (413).
    const over = await callToolError(client, 'upload_image', {
      data: Buffer.alloc(limit + 1).toString('base64'),
      filename: 'big.png',
    })
    expect(over).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'the file is larger than the 20 MB limit; upload a smaller file',
      field: ['input', 'data'],
    })
    const viaGraphQL = (await uploadFile(t, shop.apiKey, { data: Buffer.alloc(limit + 1), filename: 'big.png' }))
      .errors![0]!
    expect(viaGraphQL.extensions.code).toBe('PAYLOAD_TOO_LARGE')
    expect(viaGraphQL.message).toMatch(/larger than the 20 MB limit/)
  })

  it('a body over the /mcp limit is refused with 413 before any tool runs', async () => {
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'upload_image', arguments: { filename: 'huge.png', data: 'A'.repeat(31 * 1024 * 1024) } },
    }
    const response = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        authorization: `Bearer ${shop.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      payload: JSON.stringify(call),
    })
    expect(response.statusCode).toBe(413)
    const body = response.json() as { error: { message: string; data: { code: string } } }
    expect(body.error.data.code).toBe('PAYLOAD_TOO_LARGE')
    expect(body.error.message).toBe(
      'the request body is larger than the 30 MB limit of /mcp; send less per call (upload_image takes files of up to 20 MB)',
    )
  })
})

describe('upload_image from a URL', () => {
  it('downloads the file, typed by its bytes', async () => {
    const { data, isError } = await callTool<Uploaded>(client, 'upload_image', {
      url: `http://127.0.0.1:${imagesPort}/catalog/shirt.jpg`,
      filename: 'shirt.jpg',
      alt: 'Shirt',
    })
    expect(isError).toBe(false)
    expect(data.media).toMatchObject({
      mimeType: 'image/png',
      filename: 'shirt.png',
      alt: 'Shirt',
      width: 64,
      height: 48,
    })
  })

  it.each([
    ['this machine by address', 'http://127.0.0.1/catalog/shirt.jpg'],
    ['this machine by a name that resolves to it', 'http://images.example/catalog/shirt.jpg'],
    ['this machine over IPv6', 'http://[::1]/catalog/shirt.jpg'],
    ['this machine in decimal', 'http://2130706433/catalog/shirt.jpg'],
  ])('refuses %s as loopback, exactly as GraphQL does, without a request', async (_case, url) => {
    const before = imageRequests
    const error = await callToolError(client, 'upload_image', { url, filename: 'shirt.jpg' })
    expect(error).toEqual(await graphQLUrlError(url))
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'url'] })
    expect(error.message).toMatch(/^the URL leads to a private or reserved network \(.* is a loopback address\)/)
    expect(imageRequests).toBe(before)
  })

  // Last in the file: it puts the media services back to production's URL policy for good.
  it('refuses the image server itself on its own port under the production policy', async () => {
    const production = await useTestMedia(t)
    try {
      const before = imageRequests
      const error = await callToolError(client, 'upload_image', {
        url: `http://127.0.0.1:${imagesPort}/catalog/shirt.jpg`,
        filename: 'shirt.jpg',
      })
      expect(error).toEqual({
        code: 'BAD_USER_INPUT',
        message: `only ports 80 and 443 can be reached; the URL asks for port ${imagesPort}`,
        field: ['input', 'url'],
      })
      expect(imageRequests).toBe(before)
    } finally {
      await production.cleanup()
    }
  })
})
