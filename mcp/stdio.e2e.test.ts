import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useMediaServices } from '../infra/media/services.js'
import { filesystemBlobStore } from '../infra/media/storage/filesystem.js'
import { revokeKey } from '../app/operations/tenants.js'
import { startTestApp, type TestApp, type Tenant } from '../test/support/app.js'
import { image } from '../test/support/media.js'
import { callTool, callToolError, connect, toolNames } from '../test/support/mcp.js'

// `emporium mcp` as a desktop agent starts it: a child process speaking MCP on stdin/stdout.
// Postgres only: the child must open the test's database, and an in-memory PGlite database
// lives inside the test process, where no other process can reach it.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

describe.skipIf(!process.env.DATABASE_URL)('emporium mcp over stdio', () => {
  let t: TestApp
  let tenant: Tenant
  let client: Client
  let transport: StdioClientTransport
  let stderr = ''
  let dataDir: string

  beforeAll(async () => {
    t = await startTestApp()
    tenant = await t.tenant('mcp-stdio')
    // The child stores media under its DATA_DIR; this process serves /storage from the same directory, as two nodes on a shared volume.
    dataDir = await mkdtemp(path.join(tmpdir(), 'emporium-stdio-'))
    useMediaServices(t.platform, { blobs: filesystemBlobStore(path.join(dataDir, 'media')) })
    transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'cli/main.ts', 'mcp'],
      cwd: ROOT,
      env: {
        DATABASE_URL: t.test.url!,
        DATA_DIR: dataDir,
        EMPORIUM_API_KEY: tenant.apiKey,
        LOG_LEVEL: 'info',
        READ_WAIT_MS: '10000',
      },
      stderr: 'pipe',
    })
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    client = await connect(transport)
  })

  afterAll(async () => {
    await client?.close()
    await t?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('lists the tools of the key, logging to stderr only', async () => {
    const names = await toolNames(client)
    expect(names).toEqual(
      expect.arrayContaining([
        'get_context',
        'get_product',
        'list_products',
        'create_product',
        'update_product',
        'delete_product',
        'upload_image',
        'delete_media',
      ]),
    )
    // Stdout carries only the protocol (the client would have failed on anything else); the logs went here.
    expect(stderr).toMatch(/"msg":"MCP server on stdio"/)
  })

  it('creates a product that GraphQL in this process then reads', async () => {
    const created = await callTool<{ id: string; handle: string; eventPosition: string }>(client, 'create_product', {
      title: 'Stdio Lamp',
      tags: ['light'],
    })
    expect(created.isError).toBe(false)
    expect(created.data.handle).toBe('stdio-lamp')

    const viaGraphQL = await t.gql<{ product: { title: string; tags: string[] } }>(
      tenant.apiKey,
      'query ($id: ID) { product(id: $id) { title tags } }',
      {
        id: created.data.id,
      },
    )
    expect(viaGraphQL.data?.product).toEqual({ title: 'Stdio Lamp', tags: ['light'] })

    const log = await callTool<{ nodes: { actor: { type: string } }[] }>(client, 'get_audit_log', {
      filter: { entityId: created.data.id },
    })
    expect(log.data.nodes.map((entry) => entry.actor.type)).toEqual(['mcp'])
  })

  it('uploads an image onto a product, which GraphQL and /storage in this process then serve', async () => {
    const product = await callTool<{ id: string }>(client, 'create_product', { title: 'Stdio Shade' })
    const png = await image(24, 16)
    const uploaded = await callTool<{
      media: { id: string; url: string; mimeType: string }
      url: string
      attachedToProductId: string
    }>(client, 'upload_image', {
      data: png.toString('base64'),
      filename: 'shade.jpg',
      alt: 'Shade',
      productId: product.data.id,
    })
    expect(uploaded.isError).toBe(false)
    expect(uploaded.data).toMatchObject({ media: { mimeType: 'image/png' }, attachedToProductId: product.data.id })
    // No origin over stdio: the URL is the path on whichever API server the client talks to.
    expect(uploaded.data.url).toBe(uploaded.data.media.url)
    expect(uploaded.data.url).toMatch(new RegExp(`^/storage/${tenant.storeId}/[0-9a-f]{64}\\.png$`))

    const viaGraphQL = await t.gql<{ product: { media: { id: string; url: string; alt: string }[] } }>(
      tenant.apiKey,
      'query ($id: ID) { product(id: $id) { media { id url alt } } }',
      { id: product.data.id },
    )
    expect(viaGraphQL.data?.product.media).toEqual([
      { id: uploaded.data.media.id, url: uploaded.data.url, alt: 'Shade' },
    ])
    const served = await t.app.inject({ method: 'GET', url: uploaded.data.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it("takes a message larger than the SDK's 10 MB stdio default, so a large image reaches the pipeline", async () => {
    // 9 MB of zeros is 12 MB of base64: the pipeline's refusal proves the message arrived whole.
    const result = await client.callTool(
      {
        name: 'upload_image',
        arguments: { data: Buffer.alloc(9 * 1024 * 1024).toString('base64'), filename: 'big.png' },
      },
      undefined,
      {
        timeout: 20_000,
      },
    )
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toMatchObject({
      error: {
        code: 'BAD_USER_INPUT',
        field: ['input', 'data'],
        message: expect.stringMatching(/^the file is of a type that is not allowed/),
      },
    })
  })

  it("works on its key's store, and stops serving a key revoked while it runs", async () => {
    const { data } = await callTool<{ currentStore: { slug: string }; credential: { id: string } }>(
      client,
      'get_context',
    )
    expect(data.currentStore.slug).toBe('mcp-stdio')
    expect(await callToolError(client, 'get_product', { handle: 'nothing' })).toEqual({
      code: 'NOT_FOUND',
      message: "no product with handle 'nothing' in this store",
    })

    await revokeKey(t.platform, { organizationId: tenant.organizationId, keyId: data.credential.id })
    // The child hears of it when the tenancy checkpoint reaches it through NOTIFY: moments later, not at once.
    await expect.poll(async () => (await callTool(client, 'list_products')).isError, { timeout: 5_000 }).toBe(true)
    const error = await callToolError(client, 'list_products')
    expect(error.code).toBe('UNAUTHENTICATED')
    expect(error.message).toMatch(/revoked/)
  })

  it('exits by itself when the client closes its stdin', async () => {
    const pid = transport.pid!
    const started = Date.now()
    await client.close()
    // The client sends SIGTERM only after waiting 2 s for the process to leave on its own.
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/)
  })
})
