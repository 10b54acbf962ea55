import { z } from 'zod'
import { BLOG_CATEGORY } from '../../../domain/webstore/blog/streams.js'
import { PAGE_CATEGORY } from '../../../domain/webstore/page/streams.js'
import { POST_CATEGORY } from '../../../domain/webstore/post/streams.js'
import { PUBLICATION_STATUSES } from '../../../domain/webstore/shared/publication.js'
import { findBlog, type BlogRecord } from '../../../projections/webstore/blog/queries.js'
import { findPage, type PageRecord } from '../../../projections/webstore/page/queries.js'
import { findPost, type PostRecord } from '../../../projections/webstore/post/queries.js'
import { isVisibleToShoppers } from '../../../projections/webstore/shared/content.js'
import { isoString } from '../../shared/lists.js'
import type { ResourceView } from '../../shared/view.js'

// Pages, blogs and posts as the MCP tools return them: the GraphQL fields, times as ISO-8601 strings.

const publication = {
  status: z.enum(PUBLICATION_STATUSES),
  seo: z.object({ title: z.string(), description: z.string() }),
  publishAt: z.string().nullable().describe('When this DRAFT goes live by itself; null when not scheduled.'),
  publishedAt: z.string().nullable().describe('When it went live; null while DRAFT.'),
  visible: z.boolean().describe('Whether shoppers see it now.'),
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
}

export const pageSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string().describe('Unique in the store: /pages/<handle>.'),
  body: z.string().describe('Sanitized HTML.'),
  templateSuffix: z.string(),
  ...publication,
})

export const blogSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string().describe('Unique in the store: /blogs/<handle>.'),
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export const postSchema = z.object({
  id: z.string(),
  blogId: z.string(),
  title: z.string(),
  handle: z.string().describe('Unique within its blog.'),
  body: z.string().describe('Sanitized HTML.'),
  excerpt: z.string(),
  author: z.string(),
  tags: z.array(z.string()),
  coverMediaId: z.string().nullable(),
  ...publication,
})

function publicationJson(record: PageRecord | PostRecord) {
  return {
    status: record.status,
    seo: record.seo,
    publishAt: record.publishAt && isoString(record.publishAt),
    publishedAt: record.publishedAt && isoString(record.publishedAt),
    visible: isVisibleToShoppers(record, new Date()),
    revision: record.revision,
    createdAt: isoString(record.createdAt),
    updatedAt: isoString(record.updatedAt),
  }
}

export function pageJson(page: PageRecord): z.infer<typeof pageSchema> {
  return {
    id: page.id,
    title: page.title,
    handle: page.handle,
    body: page.body,
    templateSuffix: page.templateSuffix,
    ...publicationJson(page),
  }
}

export function blogJson(blog: BlogRecord): z.infer<typeof blogSchema> {
  return { ...blog, createdAt: isoString(blog.createdAt), updatedAt: isoString(blog.updatedAt) }
}

export function postJson(post: PostRecord): z.infer<typeof postSchema> {
  const { id, blogId, title, handle, body, excerpt, author, tags, coverMediaId } = post
  return { id, blogId, title, handle, body, excerpt, author, tags, coverMediaId, ...publicationJson(post) }
}

export const pageView: ResourceView = {
  resource: PAGE_CATEGORY,
  readTool: 'get_page',
  schema: pageSchema,
  async read(session, id) {
    const page = session.store ? await findPage(session.platform.database.db, session.store.id, { id }) : null
    return page ? pageJson(page) : null
  },
}

export const blogView: ResourceView = {
  resource: BLOG_CATEGORY,
  readTool: 'list_blogs',
  schema: blogSchema,
  async read(session, id) {
    const blog = session.store ? await findBlog(session.platform.database.db, session.store.id, { id }) : null
    return blog ? blogJson(blog) : null
  },
}

export const postView: ResourceView = {
  resource: POST_CATEGORY,
  readTool: 'get_post',
  schema: postSchema,
  async read(session, id) {
    const post = session.store ? await findPost(session.platform.database.db, session.store.id, { id }) : null
    return post ? postJson(post) : null
  },
}
