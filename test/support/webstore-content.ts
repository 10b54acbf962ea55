import { expect } from 'vitest'
import type { TestApp } from './app.js'

// Pages, blogs and posts over GraphQL, for the web store content e2e suites.

export const PAGE_FIELDS =
  'id title handle body templateSuffix status seo { title description } publishAt publishedAt visible createdAt updatedAt revision'
export const BLOG_FIELDS = 'id title handle createdAt updatedAt revision'
export const POST_FIELDS =
  'id blog { id handle } title handle body excerpt author tags cover { id } status seo { title description } publishAt publishedAt visible revision'

export interface PageView {
  id: string
  title: string
  handle: string
  body: string
  templateSuffix: string
  status: 'DRAFT' | 'PUBLISHED'
  seo: { title: string; description: string }
  publishAt: string | null
  publishedAt: string | null
  visible: boolean
  revision: number
}

export interface PostView {
  id: string
  blog: { id: string; handle: string }
  title: string
  handle: string
  body: string
  excerpt: string
  author: string
  tags: string[]
  cover: { id: string } | null
  status: 'DRAFT' | 'PUBLISHED'
  publishAt: string | null
  publishedAt: string | null
  visible: boolean
  revision: number
}

const typeName = (name: string) => `${name[0]!.toUpperCase()}${name.slice(1)}`
const fieldsOf = (name: string) =>
  name.startsWith('page')
    ? `page { ${PAGE_FIELDS} }`
    : name.startsWith('blog')
      ? `blog { ${BLOG_FIELDS} }`
      : `post { ${POST_FIELDS} }`

/** A mutation document for `pageCreate`, `postUpdate` …; deletes answer `deletedId`. */
export function contentMutation(name: string): string {
  const payload = name.endsWith('Delete') ? 'deletedId' : fieldsOf(name)
  return `mutation ($input: ${typeName(name)}Input!) { ${name}(input: $input) { ${payload} eventPosition } }`
}

/** Runs a mutation and answers its payload, failing the test on any error: for setup. */
export async function write<T = Record<string, unknown>>(
  t: TestApp,
  apiKey: string,
  name: string,
  input: Record<string, unknown>,
): Promise<T> {
  const response = await t.gql<Record<string, T>>(apiKey, contentMutation(name), { input })
  expect(response.errors).toBeUndefined()
  return response.data![name]!
}

export async function createPage(t: TestApp, apiKey: string, input: Record<string, unknown>): Promise<PageView> {
  return (await write<{ page: PageView }>(t, apiKey, 'pageCreate', input)).page
}

export async function createBlog(
  t: TestApp,
  apiKey: string,
  input: Record<string, unknown>,
): Promise<{ id: string; handle: string }> {
  return (await write<{ blog: { id: string; handle: string } }>(t, apiKey, 'blogCreate', input)).blog
}

export async function createPost(t: TestApp, apiKey: string, input: Record<string, unknown>): Promise<PostView> {
  return (await write<{ post: PostView }>(t, apiKey, 'postCreate', input)).post
}

/** Polls `read` until `done` holds or `ms` pass, answering the last value. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * What the shopper-facing suites (rendered pages, public API) judge visibility on: a published page
 * with SEO, a draft, a page scheduled an hour ahead, and the News blog with one published post.
 */
export async function createShopperContent(
  t: TestApp,
  apiKey: string,
): Promise<{ about: PageView; news: { id: string } }> {
  const about = await createPage(t, apiKey, {
    title: 'About <us>',
    handle: 'about',
    body: '<p>We make <em>things</em>.</p>',
    status: 'PUBLISHED',
    seo: { title: 'About the shop', description: 'Who we are' },
  })
  await createPage(t, apiKey, { title: 'Draft page', handle: 'draft', status: 'DRAFT' })
  await createPage(t, apiKey, {
    title: 'Soon',
    handle: 'soon',
    status: 'DRAFT',
    publishAt: new Date(Date.now() + 3_600_000).toISOString(),
  })
  const news = await createBlog(t, apiKey, { title: 'News', handle: 'news' })
  await createPost(t, apiKey, {
    blogId: news.id,
    title: 'Hello world',
    handle: 'hello',
    author: 'Ada',
    body: '<p>First post.</p>',
    status: 'PUBLISHED',
  })
  return { about, news }
}
