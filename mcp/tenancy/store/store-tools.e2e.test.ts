import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { callTool, callToolError, toolNames, useMcpShop, withMcpClient } from '../../../test/support/mcp.js'

// Store settings as an agent sees them: reading, changing the store, its settings and the cache.

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-settings')

describe('store and settings tools', () => {
  it('offers the settings tools to a settings key, the read ones to a reader, and none to a products key', async () => {
    const { client, tenant, url } = mcp
    expect(await toolNames(client)).toEqual(
      expect.arrayContaining([
        'get_store',
        'update_store',
        'toggle_store_commerce',
        'get_global_settings',
        'update_global_settings',
        'purge_cache',
      ]),
    )
    await withMcpClient(url, await t.key(tenant.storeSlug, ['settings:read']), async (reader) => {
      expect(await toolNames(reader)).toEqual(expect.arrayContaining(['get_store', 'get_global_settings']))
      expect(await toolNames(reader)).not.toContain('update_store')
    })
    await withMcpClient(url, await t.key(tenant.storeSlug, ['products:write']), async (products) => {
      expect(await toolNames(products)).not.toContain('get_store')
      expect(await toolNames(products)).not.toContain('purge_cache')
    })
  })

  it('reads and changes the store, answering with the store as it is now', async () => {
    const read = await callTool<{ slug: string; currency: string }>(mcp.client, 'get_store')
    expect(read.data).toMatchObject({ slug: 'mcp-settings', currency: 'USD', commerceEnabled: false })
    const updated = await callTool<{ currency: string; timezone: string; eventPosition: string }>(
      mcp.client,
      'update_store',
      { currency: 'EUR', timezone: 'Europe/Paris' },
    )
    expect(updated).toMatchObject({
      isError: false,
      data: { currency: 'EUR', timezone: 'Europe/Paris', eventPosition: expect.any(String) },
    })
    const toggled = await callTool(mcp.client, 'toggle_store_commerce', { enabled: true })
    expect(toggled.data).toMatchObject({ commerceEnabled: true })
    const log = await t.gql<{ auditLog: { nodes: { actor: { type: string } }[] } }>(
      mcp.tenant.apiKey,
      '{ auditLog(filter: { eventType: "StoreCommerceToggled" }) { nodes { actor { type } } } }',
    )
    expect(log.data!.auditLog.nodes).toEqual([{ actor: { type: 'mcp' } }])
  })

  it('fails like GraphQL: the field at fault, and another store’s id refused', async () => {
    expect(await callToolError(mcp.client, 'update_store', { currency: 'DOLLARS' })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'currency'],
    })
    expect(
      await callToolError(mcp.client, 'update_store', { id: '0190a0b0-0000-7000-8000-0000000000ff', name: 'X' }),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'id'] })
  })

  it('reads and changes global settings by group', async () => {
    const groups = await callTool<{ groups: { group: string; values: Record<string, unknown> }[] }>(
      mcp.client,
      'get_global_settings',
    )
    expect(groups.data.groups.map((g) => g.group)).toEqual(['checkout', 'analytics', 'social', 'legal', 'maintenance'])
    const updated = await callTool(mcp.client, 'update_global_settings', {
      maintenance: { enabled: true, message: 'Back soon' },
    })
    expect(updated.data).toMatchObject({
      group: 'maintenance',
      values: { enabled: true, message: 'Back soon' },
      updatedAt: expect.any(String),
    })
    expect(
      await callToolError(mcp.client, 'update_global_settings', { analytics: { googleAnalyticsId: 'UA-1' } }),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'analytics', 'googleAnalyticsId'],
    })
  })

  it('purges the cache', async () => {
    const purged = await callTool<{ id: string; eventPosition: string }>(mcp.client, 'purge_cache', {
      surrogateKeys: ['product:1'],
    })
    expect(purged).toMatchObject({
      isError: false,
      data: { id: expect.any(String), eventPosition: expect.any(String) },
    })
  })
})
