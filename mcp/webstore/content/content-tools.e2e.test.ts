import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/support/app.js'
import { callTool, callToolError, expectToolsOffered, useMcpShop } from '../../../test/support/mcp.js'

// Agents write pages, blogs and posts with the registry's tools and read them with get_page,
// list_pages, list_blogs, get_post and list_posts, under GraphQL's rules and errors.

const t = useTestApp()
const mcp = useMcpShop(t, 'mcp-content')

type PageJson = { id: string; handle: string; body: string; status: string; visible: boolean }
type PostJson = { id: string; blogId: string; handle: string; tags: string[]; status: string }
type List<Node> = { nodes: Node[]; totalCount: number }

describe('web store content tools', () => {
  it('are offered, read tools marked read-only and deletes destructive', async () => {
    const names = await expectToolsOffered(
      mcp.client,
      [
        'create_page',
        'update_page',
        'delete_page',
        'create_blog',
        'update_blog',
        'delete_blog',
        'create_post',
        'update_post',
        'delete_post',
        'get_page',
        'list_pages',
        'list_blogs',
        'get_post',
        'list_posts',
      ],
      { readOnly: 'list_posts', destructive: 'delete_blog' },
    )
    expect(names).not.toContain('publish_due_page')
  })

  it('create and read a page, sanitized, by id and handle', async () => {
    const created = await callTool<PageJson>(mcp.client, 'create_page', {
      title: 'About us',
      body: '<p onclick="x()">Hi</p><script>x()</script>',
    })
    expect(created.data).toMatchObject({ handle: 'about-us', body: '<p>Hi</p>', status: 'PUBLISHED', visible: true })
    expect((await callTool<PageJson>(mcp.client, 'get_page', { handle: 'about-us' })).data.id).toBe(created.data.id)
    expect(
      (await callTool<List<PageJson>>(mcp.client, 'list_pages', { filter: { status: ['PUBLISHED'] } })).data.totalCount,
    ).toBe(1)
    expect(await callToolError(mcp.client, 'create_page', { title: 'Other', handle: 'about-us' })).toMatchObject({
      code: 'CONFLICT',
      field: ['input', 'handle'],
    })
    expect(await callToolError(mcp.client, 'get_page', { id: '01900000-0000-7000-8000-000000000000' })).toMatchObject({
      code: 'NOT_FOUND',
    })
  })

  it('create a blog and posts, and list posts by blog and tag', async () => {
    const blog = await callTool<{ id: string; handle: string }>(mcp.client, 'create_blog', { title: 'News' })
    expect(blog.data.handle).toBe('news')
    const post = await callTool<PostJson>(mcp.client, 'create_post', {
      blogId: blog.data.id,
      title: 'Hello',
      tags: ['summer'],
    })
    expect(post.data).toMatchObject({ blogId: blog.data.id, handle: 'hello', tags: ['summer'], status: 'PUBLISHED' })
    await callTool(mcp.client, 'create_post', { blogId: blog.data.id, title: 'Other', status: 'DRAFT' })
    expect(
      (
        await callTool<List<PostJson>>(mcp.client, 'list_posts', { filter: { blogId: blog.data.id, tag: 'summer' } })
      ).data.nodes.map((p) => p.handle),
    ).toEqual(['hello'])
    expect((await callTool<PostJson>(mcp.client, 'get_post', { blogHandle: 'news', handle: 'hello' })).data.id).toBe(
      post.data.id,
    )
    expect((await callTool<List<{ handle: string }>>(mcp.client, 'list_blogs', {})).data.nodes).toEqual([
      expect.objectContaining({ handle: 'news' }),
    ])
    expect(await callToolError(mcp.client, 'delete_blog', { id: blog.data.id, confirm: true })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'deletePosts'],
    })
  })
})
