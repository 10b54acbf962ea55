import { imageChange } from '../../media/live.js'
import { defineCommand, type AnyCommandDefinition, type PrepareEnv, storeWrite } from '../../shared/command.js'
import { givenFields } from '../../shared/strict-input.js'
import { DomainError, notFound } from '../../shared/errors.js'
import { fold, deciderOf } from '../../shared/event.js'
import type { BlogEvent } from '../blog/blog.js'
import { blogDecider } from '../blog/definitions.js'
import { blogStream } from '../blog/streams.js'
import { publishableOnCreate } from '../../shared/publishable/decide.js'
import { freeHandle, handleReservations, handleTaken } from '../../shared/publishable/handle.js'
import { definePublishDue } from '../../shared/publishable/publish-due.js'
import { postCreateInput, postDeleteInput, postUpdateInput, type PostCommand } from './commands.js'
import { decidePost } from './decide.js'
import type { PostEvent } from './events.js'
import { evolvePost, initialPostState, type PostState } from './post.js'
import { POST_CATEGORY, postHandleKey, postStream } from './streams.js'
import { onStoreEntity, storeOf } from '../../shared/store-of.js'

export const postDecider = deciderOf(initialPostState, evolvePost, decidePost)

/** Handles are reserved per blog: claimed at creation, moved on change, freed at deletion. */
export const postHandleReservations = handleReservations<PostEvent, 'postId', PostState>({
  idKey: 'postId',
  entity: 'Post',
  key: (handle, data) => postHandleKey(data.blogId)(handle),
  taken: handleTaken('post', 'of this blog'),
})

const WRITE = storeWrite(POST_CATEGORY, 'webstore:write', { decider: postDecider, uniqueness: postHandleReservations })
const onPost = onStoreEntity<PostCommand>(postStream)

export const postCreate = defineCommand({
  name: 'postCreate',
  tool: 'create_post',
  description:
    'Create a blog post in a blog (blogId from create_blog or list_blogs). title is required; handle (unique within the blog: ' +
    '/blogs/<blog>/<handle>) is generated from the title when omitted. body is HTML (scripts, event handlers, styles and ' +
    'javascript: URLs are removed); excerpt is plain text; author and tags are free text; coverMediaId is a media id of the store ' +
    'library. status is PUBLISHED when omitted (DRAFT keeps it hidden); publishAt (ISO-8601) schedules a DRAFT to go live by ' +
    'itself, and status then defaults to DRAFT. Returns the post. Fails with NOT_FOUND when the blog or the cover media is not in ' +
    'this store, and CONFLICT when the handle is used by another post of the blog.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: postCreateInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    if (!(await blogLives(env, storeId, input.blogId))) {
      throw new DomainError(
        'NOT_FOUND',
        `blog '${input.blogId}' does not exist in this store; create it with blogCreate or pick one from blogs`,
        { field: ['input', 'blogId'] },
      )
    }
    const postId = env.newId()
    return onPost(env, postId, {
      type: 'PostCreate',
      data: {
        postId,
        blogId: input.blogId,
        title: input.title,
        handle: input.handle ?? (await freeHandle(input.title, postId, 'post', postHandleKey(input.blogId), env)),
        body: input.body ?? '',
        excerpt: input.excerpt ?? '',
        author: input.author ?? '',
        tags: input.tags ?? [],
        coverMediaId: (await imageChange(env, storeId, input.coverMediaId, 'coverMediaId')) ?? null,
        ...publishableOnCreate(input),
      },
    })
  },
})

export const postUpdate = defineCommand({
  name: 'postUpdate',
  tool: 'update_post',
  description:
    'Change fields of a post, found by id. Send only what should change: omitted or null fields stay, an empty string clears body, ' +
    'excerpt or author, tags replaces the whole list, coverMediaId "" removes the cover. status PUBLISHED puts the post live now, ' +
    'DRAFT hides it; publishAt schedules a DRAFT and null cancels the schedule. Repeating a call changes nothing. Returns the post. ' +
    'Fails with NOT_FOUND for an unknown post or cover media, and CONFLICT when the new handle is used in the blog.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: postUpdateInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    await requireLiveBlogOf(env, storeId, input.id)
    const { id, coverMediaId, publishAt, ...changes } = input
    return onPost(env, id, {
      type: 'PostUpdate',
      data: {
        postId: id,
        ...givenFields(changes),
        coverMediaId: await imageChange(env, storeId, coverMediaId, 'coverMediaId'),
        // Unlike the other fields, null means something here: it cancels the schedule.
        publishAt,
      },
    })
  },
})

export const postDelete = defineCommand({
  name: 'postDelete',
  tool: 'delete_post',
  description:
    'Delete a post, found by id, for good; its handle becomes free in its blog. To hide it but keep it, set status DRAFT with ' +
    'update_post instead. Returns the deleted id. Fails with NOT_FOUND when the id is unknown or already deleted.',
  ...WRITE,
  annotations: { destructive: true, idempotent: false },
  input: postDeleteInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    await requireLiveBlogOf(env, storeId, input.id)
    return onPost(env, input.id, { type: 'PostDelete', data: { postId: input.id } })
  },
})

export const postPublishDue = definePublishDue({
  resource: POST_CATEGORY,
  scope: WRITE.scope,
  decider: postDecider,
  command: (postId): PostCommand => ({ type: 'PostPublishDue', data: { postId } }),
  stream: postStream,
})

export const postCommands: readonly AnyCommandDefinition[] = [postCreate, postUpdate, postDelete, postPublishDue]

async function blogLives(env: PrepareEnv, storeId: string, blogId: string): Promise<boolean> {
  const history = await env.readStream(blogStream(storeId, blogId))
  return fold(blogDecider, history as unknown as BlogEvent[]).kind === 'existing'
}

/** A post of a blog deleted with its posts is gone too: it answers NOT_FOUND like a missing one. */
async function requireLiveBlogOf(env: PrepareEnv, storeId: string, postId: string): Promise<void> {
  const post = fold(postDecider, (await env.readStream(postStream(storeId, postId))) as unknown as PostEvent[])
  if (post.kind === 'existing' && !(await blogLives(env, storeId, post.post.blogId))) throw notFound('post', postId)
}
