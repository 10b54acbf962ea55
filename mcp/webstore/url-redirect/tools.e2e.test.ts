import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { callTool, callToolError, expectToolsOffered, useMcpShop } from '../../../test/support/mcp.js'

// Agents manage URL redirects with the registry's write tools and read them with get_url_redirect
// and list_url_redirects, with GraphQL's rules and errors.

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-redirects')

type RedirectJson = { id: string; path: string; target: string }

describe('URL redirect tools', () => {
  it('are offered to a webstore:write key, read tools marked read-only and delete destructive', async () => {
    await expectToolsOffered(
      mcp.client,
      ['create_url_redirect', 'update_url_redirect', 'delete_url_redirect', 'get_url_redirect', 'list_url_redirects'],
      { readOnly: 'list_url_redirects', destructive: 'delete_url_redirect' },
    )
  })

  it('create, list, read and delete a redirect, refusing a duplicate path', async () => {
    const created = await callTool<RedirectJson>(mcp.client, 'create_url_redirect', {
      path: '/Pages/Old/',
      target: '/pages/new',
    })
    expect(created.data).toMatchObject({ path: '/pages/old', target: '/pages/new' })
    const listed = await callTool<{ nodes: RedirectJson[]; totalCount: number }>(mcp.client, 'list_url_redirects', {
      filter: { path: { startsWith: '/pages/' } },
    })
    expect(listed.data).toMatchObject({ totalCount: 1, nodes: [{ id: created.data.id }] })
    expect((await callTool<RedirectJson>(mcp.client, 'get_url_redirect', { id: created.data.id })).data).toMatchObject({
      path: '/pages/old',
    })
    expect(await callToolError(mcp.client, 'create_url_redirect', { path: '/pages/old', target: '/x' })).toMatchObject({
      code: 'CONFLICT',
      field: ['input', 'path'],
    })
    expect(await callToolError(mcp.client, 'delete_url_redirect', { id: created.data.id })).toMatchObject({
      message: expect.stringMatching(/confirm/),
    })
    expect((await callTool(mcp.client, 'delete_url_redirect', { id: created.data.id, confirm: true })).isError).toBe(
      false,
    )
    expect(await callToolError(mcp.client, 'get_url_redirect', { id: created.data.id })).toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})
