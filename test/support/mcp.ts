import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { expect } from 'vitest'
import type { Tenant, TestApp } from './app.js'
import { perFile } from './per-file.js'

/** The app of `startTestApp` on a real port, for clients that speak HTTP themselves; returns the `/mcp` URL. */
export async function listenForMcp(t: TestApp): Promise<string> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  return `${address}/mcp`
}

/** An SDK client over streamable HTTP sending the key (and any other headers) on every request. */
export function httpTransport(
  url: string,
  apiKey: string,
  headers: Record<string, string> = {},
): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${apiKey}`, ...headers } },
  })
}

export async function connect(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'emporium-tests', version: '1.0.0' })
  await client.connect(transport)
  return client
}

/** An SDK client of the app's `/mcp` endpoint over HTTP (on a real port), sending `apiKey`. */
export async function connectMcp(t: TestApp, apiKey: string): Promise<Client> {
  return connect(httpTransport(await listenForMcp(t), apiKey))
}

export interface McpShop {
  tenant: Tenant
  /** An SDK client of the app's `/mcp` endpoint over HTTP, sending the tenant's key. */
  client: Client
}

/**
 * A store of its own in the test file's app and an agent connected to it, made before the file's
 * tests and disconnected after them (before the app closes).
 */
export function useMcpShop(t: TestApp, slug: string): McpShop {
  return perFile(
    async () => {
      const tenant = await t.tenant(slug)
      return { tenant, client: await connectMcp(t, tenant.apiKey) }
    },
    ({ client }) => client.close(),
  )
}

/**
 * Checks that the server offers the client every tool in `names`, with `readOnly` marked read-only
 * and `destructive` marked destructive; returns the names of all the tools offered.
 */
export async function expectToolsOffered(
  client: Client,
  names: readonly string[],
  hints: { readOnly: string; destructive: string },
): Promise<string[]> {
  const tools = (await client.listTools()).tools
  const offered = tools.map((tool) => tool.name)
  for (const name of names) expect(offered).toContain(name)
  expect(tools.find((tool) => tool.name === hints.readOnly)!.annotations).toMatchObject({ readOnlyHint: true })
  expect(tools.find((tool) => tool.name === hints.destructive)!.annotations).toMatchObject({ destructiveHint: true })
  return offered
}

export interface ToolOutcome<Data> {
  isError: boolean
  data: Data
}

export interface ToolErrorBody {
  error: { code: string; message: string; field?: (string | number)[] }
}

/**
 * Calls a tool and checks what every answer of the shop server must hold: the text content is the
 * structured content as JSON, for clients that only read text.
 */
export async function callTool<Data = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolOutcome<Data>> {
  const result = await client.callTool({ name, arguments: args })
  const content = result.content as { type: string; text: string }[]
  expect(content).toHaveLength(1)
  expect(JSON.parse(content[0]!.text)).toEqual(result.structuredContent)
  return { isError: result.isError === true, data: result.structuredContent as Data }
}

/** The error of a call that must fail. */
export async function callToolError(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolErrorBody['error']> {
  const outcome = await callTool<ToolErrorBody>(client, name, args)
  expect(outcome.isError).toBe(true)
  return outcome.data.error
}
