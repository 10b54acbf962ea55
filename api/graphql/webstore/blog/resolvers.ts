import { blogCreate, blogDelete, blogUpdate } from '../../../../domain/webstore/blog/definitions.js'
import { BLOG_CATEGORY } from '../../../../domain/webstore/blog/streams.js'
import { postCreate, postDelete, postUpdate } from '../../../../domain/webstore/post/definitions.js'
import { POST_CATEGORY } from '../../../../domain/webstore/post/streams.js'
import { mediaByIds } from '../../../../app/media/reads.js'
import { blogsByIds, listBlogs, readBlog } from '../../../../app/webstore/blog/reads.js'
import type { BlogView } from '../../../../app/webstore/blog/view.js'
import { listPosts, listPostsOfBlog, readPost, type ListPostsArgs } from '../../../../app/webstore/post/reads.js'
import type { PostView } from '../../../../app/webstore/post/view.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { batchLoader } from '../../shared/loaders.js'
import { historyResolver } from '../../shared/history.js'
import { wantsTotal } from '../../shared/selection.js'
import { blogTypeDefs } from './schema.js'
import { mutationResolvers, type WrittenEntity } from '../../shared/mutations.js'

const writtenBlog: WrittenEntity = { field: 'blog', read: (ctx, id) => readBlog(ctx, { id }) }
const writtenPost: WrittenEntity = { field: 'post', read: (ctx, id) => readPost(ctx, { id }) }

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    blog: (_root, args: { id?: string | null; handle?: string | null }, ctx) => readBlog(ctx, args),
    blogs: listResolver(listBlogs),
    post: (_root, args: { id?: string | null; blogHandle?: string | null; handle?: string | null }, ctx) =>
      readPost(ctx, args),
    posts: listResolver(listPosts),
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
    ...mutationResolvers([blogCreate, blogUpdate, blogDelete], writtenBlog),
    ...mutationResolvers([postCreate, postUpdate, postDelete], writtenPost),
  },
}

/** `Post.blog` and `Post.cover` for every post of a response in one query each. */
const loaders: GraphQLSlice['loaders'] = {
  Post: {
    blog: batchLoader((post: PostView) => post.blogId, blogsByIds),
    cover: batchLoader((post: PostView) => post.coverMediaId, mediaByIds),
  },
}

export const blogSlice: GraphQLSlice = { typeDefs: blogTypeDefs, resolvers, loaders }
