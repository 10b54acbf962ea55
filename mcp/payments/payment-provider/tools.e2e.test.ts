import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import {
  callTool,
  callToolError,
  expectToolsOffered,
  toolNames,
  useMcpShop,
  withMcpClient,
} from '../../../test/support/mcp.js'

// Agents configure payment providers with the registry's write tools and read them with
// list_payment_providers, with GraphQL's rules and errors; secrets come back as last 4 only.

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-payments')

type Settings = { provider: string; secretKeyLast4: string | null; signingSecretLast4: string }

describe('payment provider tools', () => {
  it('are offered to a settings:write key: the list read-only, the delete destructive', async () => {
    await expectToolsOffered(
      mcp.client,
      ['configure_payment_provider', 'delete_payment_provider', 'list_payment_providers'],
      { readOnly: 'list_payment_providers', destructive: 'delete_payment_provider' },
    )
  })

  it('configure, list and refuse a misshapen secret with the field named', async () => {
    const configured = await callTool<Settings>(mcp.client, 'configure_payment_provider', { provider: 'TEST' })
    expect(configured.data).toMatchObject({ provider: 'TEST', secretKeyLast4: null })
    const listed = await callTool<{ providers: Settings[] }>(mcp.client, 'list_payment_providers', {})
    expect(listed.data.providers).toEqual([expect.objectContaining({ provider: 'TEST' })])
    expect(
      await callToolError(mcp.client, 'configure_payment_provider', {
        provider: 'STRIPE',
        secretKey: 'nope_1234567890',
      }),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'secretKey'] })
  })

  it('are not offered to a key without settings scopes', async () => {
    await withMcpClient(mcp.url, await t.key('mcp-payments', ['webstore:write']), async (webstoreOnly) => {
      const names = await toolNames(webstoreOnly)
      expect(names.filter((name) => name.includes('payment_provider'))).toEqual([])
    })
  })
})
