import { expect } from 'vitest'
import type { PageRecord } from '../../projections/webstore/page/queries.js'
import type { PostRecord } from '../../projections/webstore/post/queries.js'
import type { TestApp } from './app.js'

// Pages, blogs and posts over GraphQL, for the web store content e2e suites.

export const PAGE_FIELDS =
  'id title handle body templateSuffix status seo { title description } publishAt publishedAt visible createdAt updatedAt revision'
export const BLOG_FIELDS = 'id title handle createdAt updatedAt revision'
export const POST_FIELDS =
  'id blog { id handle } title handle body excerpt author tags cover { id } status seo { title description } publishAt publishedAt visible revision'

/** The `PageRecord` of PAGE_FIELDS as GraphQL writes it: times as strings, and whether shoppers see it. */
export interface PageView extends Pick<
  PageRecord,
  'id' | 'title' | 'handle' | 'body' | 'templateSuffix' | 'status' | 'seo' | 'revision'
> {
  publishAt: string | null
  publishedAt: string | null
  visible: boolean
}

/** The `PostRecord` of POST_FIELDS as GraphQL writes it: blog and cover as links, times as strings. */
export interface PostView extends Pick<
  PostRecord,
  'id' | 'title' | 'handle' | 'body' | 'excerpt' | 'author' | 'tags' | 'status' | 'revision'
> {
  blog: { id: string; handle: string }
  cover: { id: string } | null
  publishAt: string | null
  publishedAt: string | null
  visible: boolean
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
