import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { expect } from 'vitest'
import type { Tenant, TestApp } from './app.js'
import { perFile } from './per-file.js'

const listening = new WeakMap<TestApp['app'], Promise<string>>()

/**
 * The app of `startTestApp` on a real port, for clients that speak HTTP themselves; returns the `/mcp` URL.
 * The app listens once: later calls (a second shop in the same file) answer the same URL.
 */
export function listenForMcp(t: TestApp): Promise<string> {
  let url = listening.get(t.app)
  if (!url) {
    url = t.app.listen({ port: 0, host: '127.0.0.1' }).then((address) => `${address}/mcp`)
    listening.set(t.app, url)
  }
  return url
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
  /** The app's `/mcp` URL, for clients of other keys (see `withMcpClient`). */
  url: string
}

/**
 * A store of its own in the test file's app and an agent connected to it, made before the file's
 * tests and disconnected after them (before the app closes). `seed` runs once the agent is
 * connected; what it answers is read from the shop like its other fields.
 *
 * @example
 * const mcp = useMcpShop(t, 'theme-tools', async ({ tenant }) => ({ main: await untilMainTheme(t, tenant.apiKey) }))
 * it('…', async () => expect((await callTool(mcp.client, 'get_theme')).data).toMatchObject({ id: mcp.main.id }))
 */
export function useMcpShop<Seeded extends object = object>(
  t: TestApp,
  slug: string,
  seed?: (shop: McpShop) => Promise<Seeded>,
  timeout?: number,
): McpShop & Seeded {
  return perFile(
    async () => {
      const tenant = await t.tenant(slug)
      const url = await listenForMcp(t)
      const shop: McpShop = { tenant, url, client: await connect(httpTransport(url, tenant.apiKey)) }
      return { ...shop, ...((await seed?.(shop)) as Seeded) }
    },
    ({ client }) => client.close(),
    timeout,
  )
}

/**
 * Runs `use` with a client of `url` sending `apiKey` (and any other headers), and closes that client
 * afterwards, also when `use` fails.
 *
 * @example
 * await withMcpClient(mcp.url, await t.key('shop', ['products:read']), async (reader) => {
 *   expect(await toolNames(reader)).not.toContain('create_product')
 * })
 */
export async function withMcpClient<Result>(
  url: string,
  apiKey: string,
  use: (client: Client) => Promise<Result>,
  headers: Record<string, string> = {},
): Promise<Result> {
  const client = await connect(httpTransport(url, apiKey, headers))
  try {
    return await use(client)
  } finally {
    await client.close()
  }
}

/** The names of the tools the server offers the client. */
export async function toolNames(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name)
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

/** A tool and how to build its arguments around one id. */
export type ToolOnId = readonly [tool: string, args: (id: string) => Record<string, unknown>]

/**
 * Checks that each tool refuses another store's id exactly as an id that does not exist: NOT_FOUND,
 * and the same error but for the id, so an agent cannot tell that the other store's record exists.
 *
 * @example
 * await expectForeignLikeMissing(mcp.client, { foreign: theirs.id, missing: uuidv7() }, [
 *   ['get_media', (id) => ({ id })],
 *   ['delete_media', (id) => ({ id, confirm: true })],
 * ])
 */
export async function expectForeignLikeMissing(
  client: Client,
  ids: { foreign: string; missing: string },
  calls: readonly ToolOnId[],
): Promise<void> {
  const withoutId = (error: ToolErrorBody['error'], id: string) => ({
    ...error,
    message: error.message.replace(id, '<id>'),
  })
  for (const [tool, args] of calls) {
    const foreign = await callToolError(client, tool, args(ids.foreign))
    expect(foreign.code, tool).toBe('NOT_FOUND')
    expect(withoutId(foreign, ids.foreign), tool).toEqual(
      withoutId(await callToolError(client, tool, args(ids.missing)), ids.missing),
    )
  }
}
