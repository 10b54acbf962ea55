import { defineCommand, type AnyCommandDefinition, storeWrite } from '../../shared/command.js'
import { givenFields } from '../../shared/strict-input.js'
import { deciderOf } from '../../shared/event.js'
import { freeHandle, storeHandleReservations } from '../../shared/publishable/handle.js'
import { evolveBlog, initialBlogState, type BlogEvent, type BlogState } from './blog.js'
import { blogCreateInput, blogDeleteInput, blogUpdateInput, type BlogCommand } from './commands.js'
import { decideBlog } from './decide.js'
import { BLOG_CATEGORY, blogHandleKey, blogStream } from './streams.js'
import { onStoreEntity, storeOf } from '../../shared/store-of.js'

export const blogDecider = deciderOf(initialBlogState, evolveBlog, decideBlog)

/** Handles are claimed at creation, moved on change and freed at deletion; a taken one is CONFLICT. */
export const blogHandleReservations = storeHandleReservations<BlogEvent, BlogState>()('Blog', blogHandleKey)

const WRITE = storeWrite(BLOG_CATEGORY, 'webstore:write', { decider: blogDecider, uniqueness: blogHandleReservations })
const onBlog = onStoreEntity<BlogCommand>(blogStream)

export const blogCreate = defineCommand({
  name: 'blogCreate',
  tool: 'create_blog',
  description:
    'Create a blog (e.g. News) to hold posts. Only title is required; handle (the URL name, unique in the store: /blogs/<handle>) ' +
    'is generated from the title when omitted. Returns the blog. Fails with CONFLICT when the handle you pass is used by another blog.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: blogCreateInput,
  async prepare(input, env) {
    const blogId = env.newId()
    const handle = input.handle ?? (await freeHandle(input.title, blogId, 'blog', blogHandleKey, env))
    return onBlog(env, blogId, { type: 'BlogCreate', data: { blogId, title: input.title, handle } })
  },
})

export const blogUpdate = defineCommand({
  name: 'blogUpdate',
  tool: 'update_blog',
  description:
    'Retitle a blog or change its handle. Omitted fields stay. Returns the blog. Fails with NOT_FOUND for an unknown id and CONFLICT for a taken handle.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: blogUpdateInput,
  prepare(input, env) {
    const { id, ...changes } = input
    return onBlog(env, input.id, { type: 'BlogUpdate', data: { blogId: id, ...givenFields(changes) } })
  },
})

export const blogDelete = defineCommand({
  name: 'blogDelete',
  tool: 'delete_blog',
  description:
    'Delete a blog for good. A blog that still has posts is refused with BAD_USER_INPUT unless deletePosts is true, which deletes ' +
    'its posts with it. Returns the deleted id. Fails with NOT_FOUND when the id is unknown or already deleted.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: blogDeleteInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    if (!env.catalogUsage?.postsOfBlog)
      throw new Error(
        'blogDelete needs catalogUsage.postsOfBlog in its PrepareEnv: it checks which posts the blog holds',
      )
    const postIds = await env.catalogUsage.postsOfBlog(storeId, input.id)
    return onBlog(env, input.id, {
      type: 'BlogDelete',
      data: { blogId: input.id, deletePosts: input.deletePosts ?? false, postIds },
    })
  },
})

export const blogCommands: readonly AnyCommandDefinition[] = [blogCreate, blogUpdate, blogDelete]
