import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/support/app.js'
import { createCollection } from '../../test/support/collections.js'
import { useStorefrontShop } from '../../test/support/storefront-api.js'
import { createBlog, createPage, createPost } from '../../test/support/webstore-content.js'

// Every list of the public API pages the same way as `products` (API-CONVENTIONS.md, "Lists"):
// first/after forward, last/before backward, hasPreviousPage, at most 250, one direction at a time.

const t = useTestApp()
const shop = useStorefrontShop(t, 'sfapi-lists')

interface Connection {
  nodes: { handle: string }[]
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null }
}

const NODES = 'nodes { handle } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }'
const ARGS = '$first: Int, $after: String, $last: Int, $before: String'
const PASS = 'first: $first, after: $after, last: $last, before: $before'

/** Each list, its query and where its connection sits in the answer. */
const LISTS: Record<string, { text: string; read: (data: unknown) => Connection }> = {
  collections: {
    text: `query (${ARGS}) { collections(${PASS}) { ${NODES} } }`,
    read: (data) => (data as { collections: Connection }).collections,
  },
  pages: {
    text: `query (${ARGS}) { pages(${PASS}) { ${NODES} } }`,
    read: (data) => (data as { pages: Connection }).pages,
  },
  articles: {
    text: `query (${ARGS}) { blog(handle: "news") { articles(${PASS}) { ${NODES} } } }`,
    read: (data) => (data as { blog: { articles: Connection } }).blog.articles,
  },
}

beforeAll(async () => {
  const news = await createBlog(t, shop.apiKey, { title: 'News', handle: 'news' })
  // Collections list by title; pages and articles newest first: each list reads a, b, c in its order.
  for (const handle of ['c', 'b', 'a']) {
    await createPage(t, shop.apiKey, { title: handle, handle, status: 'PUBLISHED' })
    await createPost(t, shop.apiKey, { blogId: news.id, title: handle, handle, status: 'PUBLISHED' })
  }
  for (const handle of ['a', 'b', 'c']) await createCollection(t, shop.apiKey, { title: handle, handle })
})

describe.each(Object.keys(LISTS))('%s', (name) => {
  const list = LISTS[name]!
  const page = async (variables: Record<string, unknown>) => {
    const response = await shop.query(list.text, variables)
    expect(response.errors).toBeUndefined()
    return list.read(response.data)
  }
  const refused = async (variables: Record<string, unknown>) => (await shop.query(list.text, variables)).errors?.[0]

  it.each([
    {
      walk: 'forward with first/after and says there is a previous page',
      size: 'first',
      cursor: 'after',
      from: 'endCursor',
      pages: [['a', 'b'], ['c']],
    },
    {
      walk: 'backward with last/before',
      size: 'last',
      cursor: 'before',
      from: 'startCursor',
      pages: [['b', 'c'], ['a']],
    },
  ] as const)('walks $walk', async ({ size, cursor, from, pages }) => {
    // The first page has rows only ahead of it in the walk's direction, the second only behind it.
    const forward = size === 'first'
    const start = await page({ [size]: 2 })
    expect(start.nodes.map((node) => node.handle)).toEqual(pages[0])
    expect(start.pageInfo).toMatchObject({ hasNextPage: forward, hasPreviousPage: !forward })
    const next = await page({ [size]: 2, [cursor]: start.pageInfo[from] })
    expect(next.nodes.map((node) => node.handle)).toEqual(pages[1])
    expect(next.pageInfo).toMatchObject({ hasNextPage: !forward, hasPreviousPage: forward })
  })

  it('refuses more than 250 per page, and first with last, with BAD_USER_INPUT', async () => {
    expect((await refused({ first: 251 }))?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: ['first'] })
    expect((await refused({ last: 251 }))?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: ['last'] })
    expect((await refused({ first: 1, last: 1 }))?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' })
    const { pageInfo } = await page({ first: 1 })
    expect((await refused({ after: pageInfo.endCursor, before: pageInfo.endCursor }))?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
    })
  })
})
