import type { AnyCommandDefinition } from '../../../../domain/shared/command.js'
import { blogCreate, blogDelete, blogUpdate } from '../../../../domain/webstore/blog/definitions.js'
import { BLOG_CATEGORY } from '../../../../domain/webstore/blog/streams.js'
import { postCreate, postDelete, postUpdate } from '../../../../domain/webstore/post/definitions.js'
import { POST_CATEGORY } from '../../../../domain/webstore/post/streams.js'
import { mutate } from '../../../../app/caller.js'
import { mediaByIds } from '../../../../app/media/reads.js'
import { blogsByIds, listBlogs, readBlog, type ListBlogsArgs } from '../../../../app/webstore/blog/reads.js'
import type { BlogView } from '../../../../app/webstore/blog/view.js'
import { listPosts, listPostsOfBlog, readPost, type ListPostsArgs } from '../../../../app/webstore/post/reads.js'
import type { PostView } from '../../../../app/webstore/post/view.js'
import type { GraphQLSlice } from '../../plugin.js'
import { type GraphQLContext, type RequestContext } from '../../shared/context.js'
import { historyResolver } from '../../shared/history.js'
import { wantsTotal } from '../../shared/selection.js'
import { blogTypeDefs } from './schema.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    blog: (_root, args: { id?: string | null; handle?: string | null }, ctx) => readBlog(ctx, args),
    blogs: (_root, args: ListBlogsArgs, ctx, info) => listBlogs(ctx, args, { count: wantsTotal(info) }),
    post: (_root, args: { id?: string | null; blogHandle?: string | null; handle?: string | null }, ctx) =>
      readPost(ctx, args),
    posts: (_root, args: ListPostsArgs, ctx, info) => listPosts(ctx, args, { count: wantsTotal(info) }),
  },
  Blog: {
    posts: (blog: BlogView, args: ListPostsArgs, ctx, info) =>
      listPostsOfBlog(ctx, blog.id, args, { count: wantsTotal(info) }),
    history: historyResolver('webstore:read', BLOG_CATEGORY),
  },
  Post: {
    history: historyResolver('webstore:read', POST_CATEGORY),
  },
  Mutation: {
    blogCreate: (_root, { input }: { input: unknown }, ctx) => writtenBlog(ctx, blogCreate, input),
    blogUpdate: (_root, { input }: { input: unknown }, ctx) => writtenBlog(ctx, blogUpdate, input),
    blogDelete: (_root, { input }: { input: unknown }, ctx) => deleted(ctx, blogDelete, input),
    postCreate: (_root, { input }: { input: unknown }, ctx) => writtenPost(ctx, postCreate, input),
    postUpdate: (_root, { input }: { input: unknown }, ctx) => writtenPost(ctx, postUpdate, input),
    postDelete: (_root, { input }: { input: unknown }, ctx) => deleted(ctx, postDelete, input),
  },
}

async function writtenBlog(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { blog: await readBlog(ctx, { id: entityId }), eventPosition }
}

async function writtenPost(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { post: await readPost(ctx, { id: entityId }), eventPosition }
}

async function deleted(ctx: RequestContext, definition: AnyCommandDefinition, input: unknown) {
  const { entityId, eventPosition } = await mutate(ctx, definition, input)
  return { deletedId: entityId, eventPosition }
}

/** `Post.blog` and `Post.cover` for every post of a response in one query each. */
const loaders: GraphQLSlice['loaders'] = {
  Post: {
    blog: async (queries: { obj: PostView }[], context) =>
      blogsByIds(
        context as GraphQLContext,
        queries.map(({ obj }) => obj.blogId),
      ),
    cover: async (queries: { obj: PostView }[], context) =>
      mediaByIds(
        context as GraphQLContext,
        queries.map(({ obj }) => obj.coverMediaId),
      ),
  },
}

export const blogSlice: GraphQLSlice = { typeDefs: blogTypeDefs, resolvers, loaders }
