import { parseArgs } from 'node:util'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { credentialId } from '../../app/auth/authenticate.js'
import { createLogger } from '../../infra/logging/logger.js'
import { Platform } from '../../app/platform.js'
import { mcpMessageLimitBytes } from '../../mcp/limits.js'
import { createShopServer } from '../../mcp/server.js'
import { configOrExit, fail } from '../platform.js'
import { allPlatformParts } from '../../app/all-parts.js'

/**
 * `emporium mcp`: the shop MCP server over stdio for one API key (`EMPORIUM_API_KEY`) and, when
 * the key reaches several stores, the store in `EMPORIUM_STORE` (id or slug). Stdout carries the
 * protocol, so logs go to stderr. It runs the projections: on embedded PGlite nothing else can,
 * and next to a server that runs them the advisory lock makes that a no-op.
 */
export async function run(args: string[]): Promise<void> {
  parseArgs({ args, options: {} })
  const token = process.env.EMPORIUM_API_KEY?.trim()
  if (!token)
    fail(
      'EMPORIUM_API_KEY is not set: put the API key this MCP server acts with in it (create one with `emporium keys create`)',
    )
  const config = configOrExit()
  const logger = createLogger(config.logLevel, 'emporium-mcp', process.stderr)
  const platform = await Platform.open(config, logger, allPlatformParts, { runProjections: true })
  const storeReference = process.env.EMPORIUM_STORE

  let server: McpServer
  try {
    const { principal, store } = await platform.credentials.resolve(token, storeReference)
    server = createShopServer(platform, principal, store, {
      storeHint: 'set EMPORIUM_STORE to a store id or slug',
      // One process serves one key for as long as the client runs; re-checking it per call (free
      // while nothing in tenancy changed) makes revocation and expiry take effect.
      authorize: () => platform.credentials.resolve(token, storeReference),
    })
    logger.info({ store: store?.slug ?? null, keyId: credentialId(principal) }, 'MCP server on stdio')
  } catch (error) {
    await platform.close()
    throw error
  }

  let closing = false
  const shutdown = async (reason: string): Promise<void> => {
    if (closing) return
    closing = true
    logger.info({ reason }, 'MCP server stopping')
    await server.close().catch(() => undefined)
    await platform.close()
    process.exit(0)
  }
  // The client ends a stdio session by closing our stdin (then signals if we linger); the SDK's transport does not watch for that.
  process.stdin.once('end', () => void shutdown('stdin closed'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  // The SDK's default 10 MB read buffer would drop an upload_image call with a larger image's base64 and leave the client waiting.
  await server.connect(
    new StdioServerTransport(process.stdin, process.stdout, {
      maxBufferSize: mcpMessageLimitBytes(config.mediaMaxBytes),
    }),
  )
}
