import { describe, expect, it } from 'vitest'
import { mutationRunner, useTestApp } from '../../../../test/support/app.js'
import { ownAndForeignImages, useTestMedia } from '../../../../test/support/media.js'
import { UUID, auditTrail, onlyError, badInput } from '../../../../test/support/products.js'
import {
  BLOG_FIELDS,
  POST_FIELDS,
  contentMutation,
  createBlog,
  createPost,
  type PostView,
} from '../../../../test/support/webstore-content.js'
import { listQuery, listReader } from '../../../../test/support/lists.js'
import { historyTypes } from '../../../../test/support/history.js'

// Blogs and their posts through the GraphQL endpoint.

const t = useTestApp()

const run = mutationRunner<Record<string, unknown>>(t, contentMutation)
const BLOG_BY = `query ($id: ID, $handle: String) { blog(id: $id, handle: $handle) { ${BLOG_FIELDS} } }`
const POST_BY = `query ($id: ID, $blogHandle: String, $handle: String) { post(id: $id, blogHandle: $blogHandle, handle: $handle) { ${POST_FIELDS} } }`
const POSTS = listQuery('posts', 'Post', 'handle')
const posts = listReader<{ handle: string }>(t, 'posts', 'Post', 'handle')

describe('blogs', () => {
  it('creates, reads, lists, renames and refuses a taken handle', async () => {
    const { apiKey } = await t.tenant('blog-crud')
    const news = await createBlog(t, apiKey, { title: 'News' })
    expect(news).toMatchObject({ id: expect.stringMatching(UUID), handle: 'news' })
    expect((await t.gql(apiKey, BLOG_BY, { handle: 'news' })).data).toEqual({ blog: news })
    await createBlog(t, apiKey, { title: 'Journal' })
    const list = await t.gql<{ blogs: { nodes: { handle: string }[]; totalCount: number } }>(
      apiKey,
      '{ blogs(sort: TITLE_ASC) { nodes { handle } totalCount } }',
    )
    expect(list.data!.blogs).toEqual({ nodes: [{ handle: 'journal' }, { handle: 'news' }], totalCount: 2 })
    const filtered = await t.gql<{ blogs: { nodes: { handle: string }[] } }>(
      apiKey,
      '{ blogs(filter: { title: { startsWith: "jour" } }, first: 1) { nodes { handle } } }',
    )
    expect(filtered.data!.blogs.nodes).toEqual([{ handle: 'journal' }])
    expect(onlyError(await run(apiKey, 'blogUpdate', { id: news.id, handle: 'journal' }))).toMatchObject({
      code: 'CONFLICT',
      field: ['input', 'handle'],
    })
    const renamed = await run(apiKey, 'blogUpdate', { id: news.id, title: 'Company news', handle: 'company-news' })
    expect(renamed.data!.blogUpdate!.blog).toMatchObject({ title: 'Company news', handle: 'company-news' })
    expect(onlyError(await t.gql(apiKey, BLOG_BY, {}))).toMatchObject({ code: 'BAD_USER_INPUT' })
    expect(await auditTrail(t, apiKey, news.id)).toEqual(['BlogCreated@0', 'BlogRetitled@1', 'BlogHandleChanged@2'])
  })

  it('refuses to delete a blog with posts unless deletePosts, then deletes them with it', async () => {
    const { apiKey } = await t.tenant('blog-delete')
    const blog = await createBlog(t, apiKey, { title: 'News' })
    const post = await createPost(t, apiKey, { blogId: blog.id, title: 'Hello' })
    expect(onlyError(await run(apiKey, 'blogDelete', { id: blog.id }))).toEqual(
      badInput(
        ['input', 'deletePosts'],
        "blog 'news' still has 1 post(s); pass deletePosts: true to delete them with it, or delete them first",
      ),
    )
    expect((await t.gql(apiKey, BLOG_BY, { id: blog.id })).errors).toBeUndefined()
    const deleted = await run(apiKey, 'blogDelete', { id: blog.id, deletePosts: true })
    expect(deleted.data!.blogDelete!.deletedId).toBe(blog.id)
    expect(onlyError(await t.gql(apiKey, BLOG_BY, { id: blog.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(apiKey, POST_BY, { id: post.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await run(apiKey, 'postUpdate', { id: post.id, title: 'x' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: `post '${post.id}' does not exist in this store`,
    })
    expect(onlyError(await run(apiKey, 'blogDelete', { id: blog.id }))).toMatchObject({ code: 'NOT_FOUND' })
    // An empty blog goes without deletePosts.
    const empty = await createBlog(t, apiKey, { title: 'Empty' })
    expect((await run(apiKey, 'blogDelete', { id: empty.id })).errors).toBeUndefined()
  })
})

describe('posts', () => {
  it('creates a post with sanitized body, tags and a cover of the store, and reads it by id and by handles', async () => {
    const media = await useTestMedia(t)
    try {
      const { apiKey, mine: cover, theirs: foreign } = await ownAndForeignImages(t, 'post-create', 'cover.png')
      const blog = await createBlog(t, apiKey, { title: 'News' })
      const post = await createPost(t, apiKey, {
        blogId: blog.id,
        title: 'Summer lookbook',
        body: '<p>Sun<iframe src="https://evil.example"></iframe></p><a href="https://example.com" target="_blank" onclick="x()">more</a>',
        excerpt: 'Sun',
        author: 'Ann',
        tags: ['summer', 'summer', 'style'],
        coverMediaId: cover.id,
      })
      expect(post).toMatchObject({
        blog: { id: blog.id, handle: 'news' },
        handle: 'summer-lookbook',
        body: '<p>Sun</p><a href="https://example.com" target="_blank" rel="noopener noreferrer">more</a>',
        tags: ['summer', 'style'],
        cover: { id: cover.id },
        status: 'PUBLISHED',
        visible: true,
      })
      expect((await t.gql(apiKey, POST_BY, { id: post.id })).data).toEqual({ post })
      expect((await t.gql(apiKey, POST_BY, { blogHandle: 'news', handle: 'summer-lookbook' })).data).toEqual({ post })
      expect(
        onlyError(await run(apiKey, 'postCreate', { blogId: blog.id, title: 'x', coverMediaId: foreign.id })),
      ).toMatchObject({ code: 'NOT_FOUND', field: ['input', 'coverMediaId'] })
      const uncovered = await run(apiKey, 'postUpdate', { id: post.id, coverMediaId: '' })
      expect((uncovered.data!.postUpdate!.post as PostView).cover).toBeNull()
    } finally {
      await media.cleanup()
    }
  })

  it('keeps handles unique per blog: CONFLICT in the same blog, free in another', async () => {
    const { apiKey } = await t.tenant('post-handles')
    const news = await createBlog(t, apiKey, { title: 'News' })
    const journal = await createBlog(t, apiKey, { title: 'Journal' })
    await createPost(t, apiKey, { blogId: news.id, title: 'Hello', handle: 'hello' })
    expect(onlyError(await run(apiKey, 'postCreate', { blogId: news.id, title: 'Again', handle: 'hello' }))).toEqual({
      code: 'CONFLICT',
      field: ['input', 'handle'],
      message: "handle 'hello' is taken by another post of this blog; choose another or update that post",
    })
    expect((await createPost(t, apiKey, { blogId: journal.id, title: 'Hello', handle: 'hello' })).handle).toBe('hello')
    expect((await createPost(t, apiKey, { blogId: news.id, title: 'Hello' })).handle).toBe('hello-2')
  })

  it('answers NOT_FOUND for an unknown blog and BAD_USER_INPUT with field paths', async () => {
    const { apiKey } = await t.tenant('post-bad')
    const blog = await createBlog(t, apiKey, { title: 'News' })
    expect(
      onlyError(await run(apiKey, 'postCreate', { blogId: '01900000-0000-7000-8000-000000000000', title: 'x' })),
    ).toMatchObject({ code: 'NOT_FOUND', field: ['input', 'blogId'] })
    expect(onlyError(await run(apiKey, 'postCreate', { blogId: blog.id, title: 'x', tags: [''] }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: ['input', 'tags', 0],
    })
    expect(
      onlyError(await run(apiKey, 'postCreate', { blogId: blog.id, title: 'x', excerpt: 'x'.repeat(1001) })),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'excerpt'] })
    expect((await posts(apiKey, {})).totalCount).toBe(0)
  })

  it('updates, unpublishes, deletes, and keeps a history', async () => {
    const { apiKey } = await t.tenant('post-update')
    const blog = await createBlog(t, apiKey, { title: 'News' })
    const post = await createPost(t, apiKey, { blogId: blog.id, title: 'Hello' })
    const updated = await run(apiKey, 'postUpdate', {
      id: post.id,
      title: 'Hi',
      author: 'Bo',
      tags: ['a'],
      status: 'DRAFT',
      seo: { description: 'D' },
    })
    expect(updated.data!.postUpdate!.post).toMatchObject({
      title: 'Hi',
      author: 'Bo',
      tags: ['a'],
      status: 'DRAFT',
      visible: false,
      publishedAt: null,
    })
    expect((await run(apiKey, 'postUpdate', { id: post.id, title: 'Hi' })).data!.postUpdate!.eventPosition).toBeNull()
    expect(await historyTypes(t, apiKey, 'post', post.id)).toEqual([
      'PostUnpublished',
      'PostSeoChanged',
      'PostTagsChanged',
      'PostAuthorChanged',
      'PostRetitled',
      'PostPublished',
      'PostCreated',
    ])
    expect((await run(apiKey, 'postDelete', { id: post.id })).data!.postDelete!.deletedId).toBe(post.id)
    expect(onlyError(await run(apiKey, 'postDelete', { id: post.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect((await createPost(t, apiKey, { blogId: blog.id, title: 'Hello' })).handle).toBe('hello')
  })

  it('lists posts by blog, tag, author, status, date and search, newest published first, in both pagination modes', async () => {
    const { apiKey } = await t.tenant('post-list')
    const news = await createBlog(t, apiKey, { title: 'News' })
    const journal = await createBlog(t, apiKey, { title: 'Journal' })
    await createPost(t, apiKey, { blogId: news.id, title: 'One', tags: ['summer'], author: 'Ann' })
    await createPost(t, apiKey, {
      blogId: news.id,
      title: 'Two',
      tags: ['winter'],
      author: 'Bo',
      body: '<p>snowy hills</p>',
    })
    await createPost(t, apiKey, { blogId: journal.id, title: 'Three', tags: ['summer'], author: 'Ann' })
    await createPost(t, apiKey, { blogId: news.id, title: 'Draft', status: 'DRAFT' })
    const names = (list: { nodes: { handle: string }[] }) => list.nodes.map((n) => n.handle)
    expect(names(await posts(apiKey, { filter: { status: ['PUBLISHED'] } }))).toEqual(['three', 'two', 'one'])
    expect(names(await posts(apiKey, { filter: { status: ['PUBLISHED'] }, sort: 'PUBLISHED_AT_ASC' }))).toEqual([
      'one',
      'two',
      'three',
    ])
    expect(names(await posts(apiKey, { filter: { blogId: news.id, status: ['PUBLISHED'] } }))).toEqual(['two', 'one'])
    expect(names(await posts(apiKey, { filter: { tag: 'summer' } }))).toEqual(['three', 'one'])
    expect(names(await posts(apiKey, { filter: { author: { eq: 'Bo' } } }))).toEqual(['two'])
    expect(names(await posts(apiKey, { filter: { search: 'snowy' } }))).toEqual(['two'])
    expect(names(await posts(apiKey, { filter: { status: ['DRAFT'] } }))).toEqual(['draft'])
    expect(
      (await posts(apiKey, { filter: { publishedAt: { from: '2000-01-01T00:00:00Z', to: '2001-01-01T00:00:00Z' } } }))
        .totalCount,
    ).toBe(0)
    const first = await posts(apiKey, { filter: { status: ['PUBLISHED'] }, first: 2 })
    expect(names(first)).toEqual(['three', 'two'])
    expect(
      names(await posts(apiKey, { filter: { status: ['PUBLISHED'] }, first: 2, after: first.pageInfo.endCursor })),
    ).toEqual(['one'])
    expect(await posts(apiKey, { filter: { status: ['PUBLISHED'] }, page: 2, limit: 2 })).toMatchObject({
      nodes: [{ handle: 'one' }],
      totalCount: 3,
      pageInfo: { page: 2, totalPages: 2 },
    })
    const inBlog = await t.gql<{ blog: { posts: { nodes: { handle: string }[] } } }>(
      apiKey,
      'query ($id: ID) { blog(id: $id) { posts(filter: { tag: "summer" }) { nodes { handle } } } }',
      { id: news.id },
    )
    expect(inBlog.data!.blog.posts.nodes).toEqual([{ handle: 'one' }])
    expect(onlyError(await t.gql(apiKey, POSTS, { sort: 'NOPE' }))).toMatchObject({ code: 'BAD_USER_INPUT' })
  })

  it("treats another store's blogs and posts as missing", async () => {
    const mine = await t.tenant('post-mine')
    const theirs = await t.tenant('post-theirs')
    const blog = await createBlog(t, theirs.apiKey, { title: 'News' })
    const post = await createPost(t, theirs.apiKey, { blogId: blog.id, title: 'Secret' })
    expect(onlyError(await t.gql(mine.apiKey, BLOG_BY, { id: blog.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(mine.apiKey, POST_BY, { id: post.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await t.gql(mine.apiKey, POST_BY, { blogHandle: 'news', handle: 'secret' }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(onlyError(await run(mine.apiKey, 'postCreate', { blogId: blog.id, title: 'x' }))).toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'blogId'],
    })
    expect(onlyError(await run(mine.apiKey, 'postUpdate', { id: post.id, title: 'x' }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(onlyError(await run(mine.apiKey, 'postDelete', { id: post.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(onlyError(await run(mine.apiKey, 'blogUpdate', { id: blog.id, title: 'x' }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(onlyError(await run(mine.apiKey, 'blogDelete', { id: blog.id, deletePosts: true }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect((await posts(mine.apiKey, {})).totalCount).toBe(0)
    const readOnly = await t.key('post-mine', ['webstore:read'])
    expect(onlyError(await run(readOnly, 'blogCreate', { title: 'x' }))).toMatchObject({ code: 'FORBIDDEN' })
  })
})
