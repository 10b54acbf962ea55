/** What one MCP tool call costs: as much as a GraphQL mutation's base, since most tools write. */
export const MCP_TOOL_CALL_COST = 10

/**
 * The points an MCP request body spends: each `tools/call` message (a body may be a JSON-RPC
 * batch) costs like a mutation; the handshake, listings and notifications are free.
 */
export function mcpRequestCost(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body]
  return (
    messages.filter((message) => (message as { method?: unknown } | null)?.method === 'tools/call').length *
    MCP_TOOL_CALL_COST
  )
}
