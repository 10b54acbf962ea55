import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestApp, type Tenant } from '../../../test/support/app.js'
import { callTool, callToolError, connect, httpTransport, listenForMcp } from '../../../test/support/mcp.js'

// Store settings as an agent sees them: reading, changing the store, its settings and the cache.

const t = useTestApp()
let shop: Tenant
let url: string
let client: Client
beforeAll(async () => {
  shop = await t.tenant('mcp-settings')
  url = await listenForMcp(t)
  client = await connect(httpTransport(url, shop.apiKey))
})
afterAll(async () => {
  await client?.close()
})

describe('store and settings tools', () => {
  it('offers the settings tools to a settings key, the read ones to a reader, and none to a products key', async () => {
    const names = async (c: Client) => (await c.listTools()).tools.map((tool) => tool.name)
    expect(await names(client)).toEqual(
      expect.arrayContaining([
        'get_store',
        'update_store',
        'toggle_store_commerce',
        'get_global_settings',
        'update_global_settings',
        'purge_cache',
      ]),
    )
    const reader = await connect(httpTransport(url, await t.key(shop.storeSlug, ['settings:read'])))
    const products = await connect(httpTransport(url, await t.key(shop.storeSlug, ['products:write'])))
    try {
      expect(await names(reader)).toEqual(expect.arrayContaining(['get_store', 'get_global_settings']))
      expect(await names(reader)).not.toContain('update_store')
      expect(await names(products)).not.toContain('get_store')
      expect(await names(products)).not.toContain('purge_cache')
    } finally {
      await reader.close()
      await products.close()
    }
  })

  it('reads and changes the store, answering with the store as it is now', async () => {
    const read = await callTool<{ slug: string; currency: string }>(client, 'get_store')
    expect(read.data).toMatchObject({ slug: 'mcp-settings', currency: 'USD', commerceEnabled: false })
    const updated = await callTool<{ currency: string; timezone: string; eventPosition: string }>(
      client,
      'update_store',
      { currency: 'EUR', timezone: 'Europe/Paris' },
    )
    expect(updated).toMatchObject({
      isError: false,
      data: { currency: 'EUR', timezone: 'Europe/Paris', eventPosition: expect.any(String) },
    })
    const toggled = await callTool(client, 'toggle_store_commerce', { enabled: true })
    expect(toggled.data).toMatchObject({ commerceEnabled: true })
    const log = await t.gql<{ auditLog: { nodes: { actor: { type: string } }[] } }>(
      shop.apiKey,
      '{ auditLog(filter: { eventType: "StoreCommerceToggled" }) { nodes { actor { type } } } }',
    )
    expect(log.data!.auditLog.nodes).toEqual([{ actor: { type: 'mcp' } }])
  })

  it('fails like GraphQL: the field at fault, and another store’s id refused', async () => {
    expect(await callToolError(client, 'update_store', { currency: 'DOLLARS' })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'currency'],
    })
    expect(
      await callToolError(client, 'update_store', { id: '0190a0b0-0000-7000-8000-0000000000ff', name: 'X' }),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'id'] })
  })

  it('reads and changes global settings by group', async () => {
    const groups = await callTool<{ groups: { group: string; values: Record<string, unknown> }[] }>(
      client,
      'get_global_settings',
    )
    expect(groups.data.groups.map((g) => g.group)).toEqual(['checkout', 'analytics', 'social', 'legal', 'maintenance'])
    const updated = await callTool(client, 'update_global_settings', {
      maintenance: { enabled: true, message: 'Back soon' },
    })
    expect(updated.data).toMatchObject({
      group: 'maintenance',
      values: { enabled: true, message: 'Back soon' },
      updatedAt: expect.any(String),
    })
    expect(
      await callToolError(client, 'update_global_settings', { analytics: { googleAnalyticsId: 'UA-1' } }),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'analytics', 'googleAnalyticsId'],
    })
  })

  it('purges the cache', async () => {
    const purged = await callTool<{ id: string; eventPosition: string }>(client, 'purge_cache', {
      surrogateKeys: ['product:1'],
    })
    expect(purged).toMatchObject({
      isError: false,
      data: { id: expect.any(String), eventPosition: expect.any(String) },
    })
  })
})
