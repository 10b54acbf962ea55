import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { revokeKey } from '../infra/operations/tenants.js'
import { startTestApp, type TestApp, type Tenant } from '../test/support/app.js'
import { callTool, callToolError, connect } from '../test/support/mcp.js'

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

  beforeAll(async () => {
    t = await startTestApp()
    tenant = await t.tenant('mcp-stdio')
    transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'cli/main.ts', 'mcp'],
      cwd: ROOT,
      env: { DATABASE_URL: t.test.url!, EMPORIUM_API_KEY: tenant.apiKey, LOG_LEVEL: 'info', READ_WAIT_MS: '10000' },
      stderr: 'pipe',
    })
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    client = await connect(transport)
  })

  afterAll(async () => {
    await client?.close()
    await t?.close()
  })

  it('lists the tools of the key, logging to stderr only', async () => {
    const names = (await client.listTools()).tools.map((tool) => tool.name)
    expect(names).toEqual(expect.arrayContaining(['get_context', 'get_product', 'list_products', 'create_product', 'update_product', 'delete_product']))
    // Stdout carries only the protocol (the client would have failed on anything else); the logs went here.
    expect(stderr).toMatch(/"msg":"MCP server on stdio"/)
  })

  it('creates a product that GraphQL in this process then reads', async () => {
    const created = await callTool<{ id: string; handle: string; eventPosition: string }>(client, 'create_product', { title: 'Stdio Lamp', tags: ['light'] })
    expect(created.isError).toBe(false)
    expect(created.data.handle).toBe('stdio-lamp')

    const viaGraphQL = await t.gql<{ product: { title: string; tags: string[] } }>(tenant.apiKey, 'query ($id: ID) { product(id: $id) { title tags } }', {
      id: created.data.id,
    })
    expect(viaGraphQL.data?.product).toEqual({ title: 'Stdio Lamp', tags: ['light'] })

    const log = await callTool<{ nodes: { actor: { type: string } }[] }>(client, 'get_audit_log', { filter: { entityId: created.data.id } })
    expect(log.data.nodes.map((entry) => entry.actor.type)).toEqual(['mcp'])
  })

  it("works on its key's store, and stops serving a key revoked while it runs", async () => {
    const { data } = await callTool<{ currentStore: { slug: string }; credential: { id: string } }>(client, 'get_context')
    expect(data.currentStore.slug).toBe('mcp-stdio')
    expect(await callToolError(client, 'get_product', { handle: 'nothing' })).toEqual({ code: 'NOT_FOUND', message: "no product with handle 'nothing' in this store" })

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
