import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { BlogEvent } from './blog.js'
import { blogCreate, blogDecider, blogDelete, blogHandleReservations } from './definitions.js'
import { STORE, ctx, prepareEnv } from '../../../test/support/decide-context.js'

const B = '01900000-0000-7000-8000-0000000000b1'
const POSTS = ['01900000-0000-7000-8000-0000000000c1', '01900000-0000-7000-8000-0000000000c2']
const spec = deciderSpec(blogDecider, ctx)
const created: BlogEvent = { type: 'BlogCreated', data: { blogId: B, title: 'News', handle: 'news' } }
const deleted: BlogEvent = { type: 'BlogDeleted', data: { blogId: B, handle: 'news', postIds: [] } }

describe('blogCreate', () => {
  it('records the blog, once', () => {
    spec
      .given([])
      .when({ type: 'BlogCreate', data: { blogId: B, title: 'News', handle: 'news' } })
      .then([created])
    spec
      .given([created])
      .when({ type: 'BlogCreate', data: { blogId: B, title: 'News', handle: 'news' } })
      .thenFails({ code: 'CONFLICT' })
  })

  it('prepares a handle from the title, numbered when taken', async () => {
    const env = prepareEnv({
      newId: () => B,
      reservationOwner: async (_s, key) => (key === 'blog-handle:news' ? 'other' : null),
    })
    const prepared = await blogCreate.prepare(blogCreate.input.parse({ title: 'News' }), env)
    expect(prepared).toMatchObject({
      stream: `blog-${STORE}_${B}`,
      command: { data: { blogId: B, title: 'News', handle: 'news-2' } },
    })
  })
})

describe('blogUpdate', () => {
  it('records what changed and nothing when nothing did', () => {
    spec
      .given([created])
      .when({ type: 'BlogUpdate', data: { blogId: B, title: 'Journal', handle: 'journal' } })
      .then([
        { type: 'BlogRetitled', data: { blogId: B, title: 'Journal' } },
        { type: 'BlogHandleChanged', data: { blogId: B, from: 'news', to: 'journal' } },
      ])
    spec
      .given([created])
      .when({ type: 'BlogUpdate', data: { blogId: B, title: 'News' } })
      .then([])
  })

  it('answers NOT_FOUND for a missing or deleted blog', () => {
    spec
      .given([])
      .when({ type: 'BlogUpdate', data: { blogId: B, title: 'x' } })
      .thenFails({ code: 'NOT_FOUND', message: `blog '${B}' does not exist` })
    spec
      .given([created, deleted])
      .when({ type: 'BlogUpdate', data: { blogId: B, title: 'x' } })
      .thenFails({ code: 'NOT_FOUND' })
  })
})

describe('blogDelete', () => {
  it('deletes an empty blog', () => {
    spec
      .given([created])
      .when({ type: 'BlogDelete', data: { blogId: B, deletePosts: false, postIds: [] } })
      .then([deleted])
  })

  it('refuses a blog with posts unless deletePosts, and then names the posts', () => {
    spec
      .given([created])
      .when({ type: 'BlogDelete', data: { blogId: B, deletePosts: false, postIds: POSTS } })
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'deletePosts'],
        message: "blog 'news' still has 2 post(s); pass deletePosts: true",
      })
    spec
      .given([created])
      .when({ type: 'BlogDelete', data: { blogId: B, deletePosts: true, postIds: POSTS } })
      .then([{ type: 'BlogDeleted', data: { blogId: B, handle: 'news', postIds: POSTS } }])
    spec
      .given([created, deleted])
      .when({ type: 'BlogDelete', data: { blogId: B, deletePosts: true, postIds: [] } })
      .thenFails({ code: 'NOT_FOUND' })
  })

  it("asks the posts read model for the blog's posts in prepare", async () => {
    const env = prepareEnv({
      newId: () => B,
      catalogUsage: {
        attributeUsage: async () => ({ values: 0, byOption: {} }),
        productsInAttributeSet: async () => 0,
        postsOfBlog: async () => POSTS,
      },
    })
    const prepared = await blogDelete.prepare(blogDelete.input.parse({ id: B }), env)
    expect(prepared.command).toEqual({ type: 'BlogDelete', data: { blogId: B, deletePosts: false, postIds: POSTS } })
  })
})

describe('blog handle reservations', () => {
  it('claims on create, moves on change and releases on delete', () => {
    const changes = blogHandleReservations(
      [created, { type: 'BlogHandleChanged', data: { blogId: B, from: 'news', to: 'journal' } }, deleted],
      { kind: 'empty' },
      ctx,
    )
    expect(changes.map((c) => `${c.kind} ${c.key}`)).toEqual([
      'claim blog-handle:news',
      'release blog-handle:news',
      'claim blog-handle:journal',
      'release blog-handle:news',
    ])
  })
})
