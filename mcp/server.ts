import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { Principal, StoreRef } from '../app/auth/authenticate.js'
import type { Platform } from '../app/platform.js'
import { auditLogTools } from './audit/log/tools.js'
import { attributeReadTools } from './catalog/attribute/tools.js'
import { attributeSetReadTools } from './catalog/attribute-set/tools.js'
import { categoryReadTools } from './catalog/category/tools.js'
import { productBulkTools } from './catalog/product/bulk-tools.js'
import { productReadTools } from './catalog/product/tools.js'
import { commandTools } from './command-tools.js'
import { mediaReadTools, mediaWriteTools } from './media/tools.js'
import { globalSettingsReadTools } from './settings/global-settings/tools.js'
import { storefrontTokenReadTools } from './settings/storefront-token/tools.js'
import { toolFailure, toolSuccess } from './shared/results.js'
import { startCall, type ShopSession } from './shared/session.js'
import type { ShopTool } from './shared/tool.js'
import { contextTools } from './tenancy/context/tools.js'
import { storeReadTools } from './tenancy/store/tools.js'
import { themeSectionReadTools } from './webstore/theme/section-tools.js'
import { themeReadTools } from './webstore/theme/tools.js'
import { menuReadTools } from './webstore/menu/tools.js'
import { collectionReadTools } from './webstore/collection/tools.js'
import { blogReadTools } from './webstore/blog/tools.js'
import { contentReadTools } from './webstore/content/tools.js'
import { pageReadTools } from './webstore/page/tools.js'
import { postReadTools } from './webstore/post/tools.js'
import { translationReadTools } from './webstore/translation/tools.js'
import { urlRedirectReadTools } from './webstore/url-redirect/tools.js'
import { paymentProviderReadTools } from './payments/payment-provider/tools.js'
import { orderReadTools } from './orders/order/tools.js'
import { customerReadTools } from './orders/customer/tools.js'

/** Reported to clients in `initialize`; bump it when tools change in ways clients should notice. */
const SERVER_INFO = { name: 'emporium', version: '0.1.0' }

/**
 * The tools besides the registry's commands: reads, the registry's services (bulk products,
 * `upload_image`, `delete_media`: their names, inputs and scopes from the registry, their
 * answers shaped here, see `service-tools.ts`) and the preview link.
 */
const handWiredTools: readonly ShopTool[] = [
  ...contextTools,
  ...productReadTools,
  ...productBulkTools,
  ...categoryReadTools,
  ...attributeReadTools,
  ...attributeSetReadTools,
  ...mediaReadTools,
  ...mediaWriteTools,
  ...storeReadTools,
  ...globalSettingsReadTools,
  ...storefrontTokenReadTools,
  ...themeReadTools,
  ...themeSectionReadTools,
  ...menuReadTools,
  ...pageReadTools,
  ...blogReadTools,
  ...postReadTools,
  ...contentReadTools,
  ...collectionReadTools,
  ...translationReadTools,
  ...urlRedirectReadTools,
  ...paymentProviderReadTools,
  ...orderReadTools,
  ...customerReadTools,
  ...auditLogTools,
]

export interface ShopServerOptions {
  /** How the transport selects a store, for the message asking for one. */
  storeHint?: string
  correlationId?: string
  /** Runs before every tool call; a throw fails the call (stdio re-checks its key with it). */
  authorize?: () => Promise<unknown>
  /** Where clients reach this server (`https://api.example.com`), to answer with absolute URLs. */
  origin?: string
}

/**
 * The shop MCP server for one credential and at most one store: the registry's MCP commands as
 * write tools plus the hand-wired ones, each offered only when the credential's scopes allow
 * it. Both transports build it the same way: stdio once per process, HTTP once per request.
 *
 * @example await createShopServer(platform, principal, store).connect(new StdioServerTransport())
 */
export function createShopServer(
  platform: Platform,
  principal: Principal,
  store: StoreRef | null,
  options: ShopServerOptions = {},
): McpServer {
  const session: ShopSession = {
    platform,
    principal,
    store,
    storeHint: options.storeHint ?? 'select a store (id or slug)',
    correlationId: options.correlationId,
    authorize: options.authorize,
    origin: options.origin,
  }
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} }, instructions: instructions(store) })
  for (const tool of [...handWiredTools, ...commandTools(platform.registry)]) {
    if (tool.available(principal.scopes)) register(server, tool, session)
  }
  return server
}

function register(server: McpServer, tool: ShopTool, session: ShopSession): void {
  const { title, description, inputSchema, outputSchema, annotations } = tool
  server.registerTool(tool.name, { title, description, inputSchema, outputSchema, annotations }, async (args) => {
    const call = startCall(session)
    try {
      await session.authorize?.()
      return toolSuccess(await tool.run(args, call))
    } catch (error) {
      return toolFailure(error, session.platform.logger, tool.name, call)
    }
  })
}

function instructions(store: StoreRef | null): string {
  const where = store
    ? `The tools work on the store '${store.name}' (${store.slug}).`
    : 'No store is selected yet: get_context lists the stores this credential reaches.'
  return (
    `Emporium: manage a store's catalog and media library. ${where} Every change is recorded in the store's audit log under this API key. ` +
    'A failed call returns isError with {error: {code, message, field}}; the message says what to do.'
  )
}
