import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type Tenant, type TestApp } from '../../../test/support/app.js'
import { MEDIA_FIELDS, image, useTestMedia, type MediaView } from '../../../test/support/media.js'

let t: TestApp
let shop: Tenant
let media: Awaited<ReturnType<typeof useTestMedia>>
let server: http.Server
let base: string
let requests = 0

beforeAll(async () => {
  const png = await image(48, 32)
  server = http.createServer((request, response) => {
    requests++
    if (request.url === '/catalog/shirt%20front.jpg')
      return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(png)
    if (request.url === '/to-metadata')
      return response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end()
    return response.writeHead(404).end()
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  base = `http://127.0.0.1:${port}`
  t = await startTestApp()
  shop = await t.tenant('importer')
  // The one opening for tests: loopback on the port of the server above, nothing else. A resolver
  // that knows no names keeps DNS out of the test.
  media = await useTestMedia(t, {
    urlImport: {
      policy: { testOnlyLoopbackPorts: [port] },
      resolve: async () => Promise.reject(new Error('no DNS in tests')),
    },
  })
})

afterAll(async () => {
  await t?.close()
  await media?.cleanup()
  server?.closeAllConnections()
  server?.close()
})

const importUrl = (url: string, alt?: string) =>
  t.gql<{ mediaCreateFromUrl: { media: MediaView; eventPosition: string } }>(
    shop.apiKey,
    `mutation($input: MediaCreateFromUrlInput!) { mediaCreateFromUrl(input: $input) { media { ${MEDIA_FIELDS} } eventPosition } }`,
    { input: { url, alt } },
  )

describe('mediaCreateFromUrl', () => {
  it('downloads, sniffs and stores the file, named after the URL and typed by its bytes', async () => {
    const { data, errors } = await importUrl(`${base}/catalog/shirt%20front.jpg`, 'Shirt')
    expect(errors).toBeUndefined()
    expect(data!.mediaCreateFromUrl.media).toMatchObject({
      mimeType: 'image/png',
      filename: 'shirt front.png',
      alt: 'Shirt',
      width: 48,
      height: 32,
    })
    expect((await t.app.inject({ method: 'GET', url: data!.mediaCreateFromUrl.media.url })).statusCode).toBe(200)
  })

  it.each([
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ['loopback in decimal', 'http://2130706433/'],
    ['a private network', 'http://10.0.0.8/a.png'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
    ['a port other than 80 and 443', 'http://93.184.216.34:8080/a.png'],
    ['another scheme', 'file:///etc/passwd'],
  ])('refuses %s with BAD_USER_INPUT on input.url', async (_case, url) => {
    const before = requests
    const { errors } = await importUrl(url)
    expect(errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: ['input', 'url'] } })
    expect(requests).toBe(before)
  })

  it('refuses a redirect into the private network after following it no further', async () => {
    const { errors } = await importUrl(`${base}/to-metadata`)
    expect(errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: ['input', 'url'] } })
    expect(errors?.[0]?.message).toMatch(/private or reserved network/)
  })

  it('needs an upload scope before fetching anything', async () => {
    const before = requests
    const reader = await t.key('importer', ['products:read'])
    const { errors } = await t.gql(
      reader,
      'mutation($u: String!) { mediaCreateFromUrl(input: {url: $u}) { media { id } } }',
      { u: `${base}/catalog/shirt%20front.jpg` },
    )
    expect(errors?.[0]?.extensions.code).toBe('FORBIDDEN')
    expect(requests).toBe(before)
  })
})
