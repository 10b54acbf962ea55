import { badInput, DomainError, notFound } from '../../../../domain/shared/errors.js'
import { BLOG_CATEGORY } from '../../../../domain/webstore/blog/streams.js'
import { POST_CATEGORY } from '../../../../domain/webstore/post/streams.js'
import { readEntityHistory } from '../../../../projections/audit/log/history.js'
import { findMedia } from '../../../../projections/media/queries.js'
import {
  blogsByIds,
  findBlog,
  listBlogs,
  type BlogRecord,
  type ListBlogsArgs,
} from '../../../../projections/webstore/blog/queries.js'
import {
  findPost,
  listPosts,
  type ListPostsArgs,
  type PostRecord,
} from '../../../../projections/webstore/post/queries.js'
import { isVisibleToShoppers } from '../../../../projections/webstore/shared/content.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate, requireScope, requireStore } from '../../../../app/caller.js'
import { type GraphQLContext, type RequestContext } from '../../shared/context.js'
import { wantsTotal } from '../../shared/selection.js'
import { blogTypeDefs } from './schema.js'

type HistoryArgs = { first?: number | null; after?: string | null }

function readableStore(ctx: RequestContext): string {
  requireScope(ctx, 'webstore:read')
  return requireStore(ctx).id
}

/** One blog of the store by id or handle, or NOT_FOUND (another store's blog included). */
export async function readBlog(
  ctx: RequestContext,
  args: { id?: string | null; handle?: string | null },
): Promise<BlogRecord> {
  const storeId = readableStore(ctx)
  const by = args.id ? { id: args.id } : args.handle ? { handle: args.handle } : null
  if (!by) throw badInput(['id'], 'blog needs an id or a handle')
  const blog = await findBlog(ctx.platform.database.db, storeId, by)
  if (!blog)
    throw args.id
      ? notFound('blog', args.id)
      : new DomainError('NOT_FOUND', `no blog with handle '${args.handle}' in this store`)
  return blog
}

/** One post by id, or by its blog's handle and its own; NOT_FOUND otherwise. */
export async function readPost(
  ctx: RequestContext,
  args: { id?: string | null; blogHandle?: string | null; handle?: string | null },
): Promise<PostRecord> {
  const storeId = readableStore(ctx)
  const db = ctx.platform.database.db
  if (args.id) {
    const post = await findPost(db, storeId, { id: args.id })
    if (!post) throw notFound('post', args.id)
    return post
  }
  if (!args.blogHandle || !args.handle) throw badInput(['id'], 'post needs an id, or a blogHandle and a handle')
  const blog = await findBlog(db, storeId, { handle: args.blogHandle })
  const post = blog ? await findPost(db, storeId, { blogId: blog.id, handle: args.handle }) : null
  if (!post)
    throw new DomainError(
      'NOT_FOUND',
      `no post with handle '${args.handle}' in blog '${args.blogHandle}' of this store`,
    )
  return post
}

const history =
  (entityType: string) =>
  (entity: { id: string }, args: HistoryArgs, ctx: GraphQLContext, info: Parameters<typeof wantsTotal>[0]) =>
    readEntityHistory(ctx.platform.database.db, readableStore(ctx), { entityType, entityId: entity.id }, args, {
      count: wantsTotal(info),
    })

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    blog: (_root, args: { id?: string | null; handle?: string | null }, ctx) => readBlog(ctx, args),
    blogs: (_root, args: ListBlogsArgs, ctx, info) =>
      listBlogs(ctx.platform.database.db, readableStore(ctx), args, { count: wantsTotal(info) }),
    post: (_root, args: { id?: string | null; blogHandle?: string | null; handle?: string | null }, ctx) =>
      readPost(ctx, args),
    posts: (_root, args: ListPostsArgs, ctx, info) =>
      listPosts(ctx.platform.database.db, readableStore(ctx), args, { count: wantsTotal(info) }),
  },
  Blog: {
    posts: (blog: BlogRecord, args: ListPostsArgs, ctx, info) => {
      // The blog is fixed; the caller's filter narrows within it and can never reach another blog.
      const filter = args.filter ? { and: [{ blogId: blog.id }, args.filter] } : { blogId: blog.id }
      return listPosts(ctx.platform.database.db, readableStore(ctx), { ...args, filter }, { count: wantsTotal(info) })
    },
    history: history(BLOG_CATEGORY),
  },
  Post: {
    visible: (post: PostRecord) => isVisibleToShoppers(post, new Date()),
    history: history(POST_CATEGORY),
  },
  Mutation: {
    blogCreate: (_root, { input }: { input: unknown }, ctx) => writtenBlog(ctx, 'blogCreate', input),
    blogUpdate: (_root, { input }: { input: unknown }, ctx) => writtenBlog(ctx, 'blogUpdate', input),
    blogDelete: (_root, { input }: { input: unknown }, ctx) => deleted(ctx, 'blogDelete', input),
    postCreate: (_root, { input }: { input: unknown }, ctx) => writtenPost(ctx, 'postCreate', input),
    postUpdate: (_root, { input }: { input: unknown }, ctx) => writtenPost(ctx, 'postUpdate', input),
    postDelete: (_root, { input }: { input: unknown }, ctx) => deleted(ctx, 'postDelete', input),
  },
}

async function writtenBlog(ctx: RequestContext, name: string, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, name, input)
  return { blog: await readBlog(ctx, { id: entityId }), eventPosition }
}

async function writtenPost(ctx: RequestContext, name: string, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, name, input)
  return { post: await readPost(ctx, { id: entityId }), eventPosition }
}

async function deleted(ctx: RequestContext, name: string, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, name, input)
  return { deletedId: entityId, eventPosition }
}

/** `Post.blog` and `Post.cover` for every post of a response in one query each. */
const loaders: GraphQLSlice['loaders'] = {
  Post: {
    blog: async (queries: { obj: PostRecord }[], context) => {
      const ctx = context as GraphQLContext
      return blogsByIds(
        ctx.platform.database.db,
        readableStore(ctx),
        queries.map(({ obj }) => obj.blogId),
      )
    },
    cover: async (queries: { obj: PostRecord }[], context) => {
      const ctx = context as GraphQLContext
      const storeId = readableStore(ctx)
      return Promise.all(
        queries.map(({ obj }) =>
          obj.coverMediaId ? findMedia(ctx.platform.database.db, storeId, obj.coverMediaId) : null,
        ),
      )
    },
  },
}

export const blogSlice: GraphQLSlice = { typeDefs: blogTypeDefs, resolvers, loaders }
