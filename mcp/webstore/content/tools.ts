import { z } from 'zod'
import { badInput, DomainError, notFound } from '../../../domain/shared/errors.js'
import { grants, type Scope } from '../../../domain/shared/scopes.js'
import { PUBLICATION_STATUSES } from '../../../domain/webstore/shared/publication.js'
import { BLOG_SORTS, findBlog, listBlogs } from '../../../projections/webstore/blog/queries.js'
import { PAGE_SORTS, findPage, listPages } from '../../../projections/webstore/page/queries.js'
import { POST_SORTS, findPost, listPosts } from '../../../projections/webstore/post/queries.js'
import { dateTimeRangeFilter, listArgsShape, listSchema, stringFilter } from '../../shared/lists.js'
import { requireStore } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'
import { blogJson, blogSchema, pageJson, pageSchema, postJson, postSchema } from './views.js'

const canRead = (scopes: readonly Scope[]): boolean => grants(scopes, 'webstore:read')
const statuses = z.array(z.enum(PUBLICATION_STATUSES)).nullish().describe('Any of these statuses.')

/** GraphQL's `PageFilter`. */
const pageFilter = z.strictObject({
  title: stringFilter.nullish(),
  handle: stringFilter.nullish(),
  status: statuses,
  search: z.string().nullish().describe('Every word in the title, handle or body, ignoring case.'),
  updatedAt: dateTimeRangeFilter.nullish(),
  publishedAt: dateTimeRangeFilter.nullish(),
})

/** GraphQL's `PostFilter`. */
const postFilter = z.strictObject({
  blogId: z.string().nullish().describe('Posts of this blog only.'),
  tag: z.string().nullish().describe('Posts carrying this tag.'),
  author: stringFilter.nullish(),
  status: statuses,
  publishedAt: dateTimeRangeFilter.nullish(),
  search: z.string().nullish().describe('Every word in the title, handle, excerpt, author or body, ignoring case.'),
})

export const contentReadTools: readonly ShopTool[] = [
  readTool({
    name: 'get_page',
    description:
      'Get one web store page of the current store by id or by handle: title, sanitized HTML body, status, schedule, SEO. Fails with NOT_FOUND when the store has no such page.',
    available: canRead,
    input: z.strictObject({
      id: z.string().nullish().describe('The page id.'),
      handle: z.string().nullish().describe('The page handle; used when no id is given.'),
    }),
    output: pageSchema,
    async run(args, { session }) {
      const storeId = requireStore(session).id
      if (!args.id && !args.handle) throw badInput(['id'], 'get_page needs an id or a handle')
      const page = await findPage(
        session.platform.database.db,
        storeId,
        args.id ? { id: args.id } : { handle: args.handle! },
      )
      if (!page)
        throw args.id
          ? notFound('page', args.id)
          : new DomainError('NOT_FOUND', `no page with handle '${args.handle}' in this store`)
      return pageJson(page)
    },
  }),
  readTool({
    name: 'list_pages',
    description:
      "List the current store's pages, drafts included, with filters (title, handle, status, search, updatedAt, publishedAt), sort " +
      '(CREATED_AT_DESC when omitted) and pagination (page+limit, or first+after with pageInfo.endCursor). Returns nodes, pageInfo and totalCount.',
    available: canRead,
    input: z.strictObject({ ...listArgsShape, filter: pageFilter.nullish(), sort: z.enum(PAGE_SORTS).nullish() }),
    output: listSchema(pageSchema),
    async run(args, { session }) {
      const page = await listPages(session.platform.database.db, requireStore(session).id, args)
      return { nodes: page.nodes.map(pageJson), pageInfo: page.pageInfo, totalCount: page.totalCount }
    },
  }),
  readTool({
    name: 'list_blogs',
    description:
      "List the current store's blogs (id, title, handle) with filter.title/filter.handle, sort (CREATED_AT_DESC when omitted) and pagination. Use a blog's id as blogId of create_post and list_posts.",
    available: canRead,
    input: z.strictObject({
      ...listArgsShape,
      filter: z.strictObject({ title: stringFilter.nullish(), handle: stringFilter.nullish() }).nullish(),
      sort: z.enum(BLOG_SORTS).nullish(),
    }),
    output: listSchema(blogSchema),
    async run(args, { session }) {
      const page = await listBlogs(session.platform.database.db, requireStore(session).id, args)
      return { nodes: page.nodes.map(blogJson), pageInfo: page.pageInfo, totalCount: page.totalCount }
    },
  }),
  readTool({
    name: 'get_post',
    description:
      'Get one blog post by id, or by blogHandle and handle: body, excerpt, author, tags, cover media id, status, schedule, SEO. Fails with NOT_FOUND when the store has no such post.',
    available: canRead,
    input: z.strictObject({
      id: z.string().nullish().describe('The post id.'),
      blogHandle: z.string().nullish().describe("The blog's handle, with handle, when no id is given."),
      handle: z.string().nullish().describe("The post's handle within that blog."),
    }),
    output: postSchema,
    async run(args, { session }) {
      const db = session.platform.database.db
      const storeId = requireStore(session).id
      if (args.id) {
        const post = await findPost(db, storeId, { id: args.id })
        if (!post) throw notFound('post', args.id)
        return postJson(post)
      }
      if (!args.blogHandle || !args.handle) throw badInput(['id'], 'get_post needs an id, or a blogHandle and a handle')
      const blog = await findBlog(db, storeId, { handle: args.blogHandle })
      const post = blog ? await findPost(db, storeId, { blogId: blog.id, handle: args.handle }) : null
      if (!post)
        throw new DomainError(
          'NOT_FOUND',
          `no post with handle '${args.handle}' in blog '${args.blogHandle}' of this store`,
        )
      return postJson(post)
    },
  }),
  readTool({
    name: 'list_posts',
    description:
      "List the current store's blog posts, drafts included, by blog, tag, author, status, publishedAt range or search, newest " +
      'published first (sort PUBLISHED_AT_DESC when omitted; drafts sort by creation time), with pagination (page+limit, or ' +
      'first+after). Returns nodes, pageInfo and totalCount.',
    available: canRead,
    input: z.strictObject({ ...listArgsShape, filter: postFilter.nullish(), sort: z.enum(POST_SORTS).nullish() }),
    output: listSchema(postSchema),
    async run(args, { session }) {
      const page = await listPosts(session.platform.database.db, requireStore(session).id, args)
      return { nodes: page.nodes.map(postJson), pageInfo: page.pageInfo, totalCount: page.totalCount }
    },
  }),
]
