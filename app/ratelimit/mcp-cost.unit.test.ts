import { describe, expect, it } from 'vitest'
import { MCP_TOOL_CALL_COST, mcpRequestCost } from './mcp-cost.js'

describe('MCP request cost', () => {
  const call = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'list_products', arguments: {} },
  })

  it('charges a tool call like a mutation', () => {
    expect(mcpRequestCost(call(1))).toBe(MCP_TOOL_CALL_COST)
    expect(MCP_TOOL_CALL_COST).toBe(10)
  })

  it('charges each tool call of a batch', () => {
    expect(mcpRequestCost([call(1), call(2), { jsonrpc: '2.0', method: 'notifications/initialized' }])).toBe(
      2 * MCP_TOOL_CALL_COST,
    )
  })

  it('leaves the handshake, listings, notifications and unreadable bodies free', () => {
    for (const body of [
      { method: 'initialize' },
      { method: 'tools/list' },
      { method: 'notifications/initialized' },
      null,
      'text',
      undefined,
    ]) {
      expect(mcpRequestCost(body)).toBe(0)
    }
  })
})
