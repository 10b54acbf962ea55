import type { DecideContext } from '../../shared/context.js'
import { conflict, notFound } from '../../shared/errors.js'
import { tagChanges } from '../../shared/tags.js'
import { NEW_PUBLISHABLE, publishableChanges } from '../../shared/publishable/decide.js'
import { publishDueChanges } from '../../shared/publishable/publication.js'
import type { PostCommand, PostCreate, PostUpdate } from './commands.js'
import { postPublishable, type PostEvent } from './events.js'
import type { LivePost, PostState } from './post.js'

/** Pure: the answer depends on the command, the post's history and the time in `ctx`. */
export function decidePost(command: PostCommand, state: PostState, ctx: DecideContext): PostEvent[] {
  switch (command.type) {
    case 'PostCreate':
      return create(command, state, ctx)
    case 'PostUpdate':
      return update(command, state, ctx)
    case 'PostDelete': {
      const post = live(state, command.data.postId)
      return [{ type: 'PostDeleted', data: { postId: post.postId, blogId: post.blogId, handle: post.handle } }]
    }
    case 'PostPublishDue':
      // A post deleted since the scheduler's poll is no error: there is nothing to publish.
      if (state.kind !== 'existing') return []
      return publishDueChanges(state.post, ctx.now).map((change) => postPublishable.eventOf(state.post.postId, change))
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

function create(command: PostCreate, state: PostState, ctx: DecideContext): PostEvent[] {
  if (state.kind !== 'empty')
    throw conflict(`post '${command.data.postId}' already exists; use postUpdate to change it`)
  const { status, seo, publishAt, ...fields } = command.data
  return [
    { type: 'PostCreated', data: { ...fields, tags: [...fields.tags] } },
    ...postPublishable.eventsOf(
      fields.postId,
      publishableChanges(NEW_PUBLISHABLE, { status, seo, publishAt }, ctx.now),
    ),
  ]
}

/** Only fields that really change become events, so repeating an update records nothing. */
function update(command: PostUpdate, state: PostState, ctx: DecideContext): PostEvent[] {
  const post = live(state, command.data.postId)
  const { postId, title, handle, body, excerpt, author, tags, coverMediaId, status, seo, publishAt } = command.data
  const events: PostEvent[] = []
  if (title !== undefined && title !== post.title) events.push({ type: 'PostRetitled', data: { postId, title } })
  if (handle !== undefined && handle !== post.handle)
    events.push({ type: 'PostHandleChanged', data: { postId, blogId: post.blogId, from: post.handle, to: handle } })
  if (body !== undefined && body !== post.body) events.push({ type: 'PostBodyChanged', data: { postId, body } })
  if (excerpt !== undefined && excerpt !== post.excerpt)
    events.push({ type: 'PostExcerptChanged', data: { postId, excerpt } })
  if (author !== undefined && author !== post.author)
    events.push({ type: 'PostAuthorChanged', data: { postId, author } })
  const tagChange = tags === undefined ? null : tagChanges(post.tags, tags)
  if (tagChange) events.push({ type: 'PostTagsChanged', data: { postId, ...tagChange } })
  if (coverMediaId !== undefined && coverMediaId !== post.coverMediaId)
    events.push({ type: 'PostCoverChanged', data: { postId, mediaId: coverMediaId } })
  return [...events, ...postPublishable.eventsOf(postId, publishableChanges(post, { status, seo, publishAt }, ctx.now))]
}

/** Another store's post lives in a stream named after that store, so it answers NOT_FOUND like a missing one. */
function live(state: PostState, postId: string): LivePost {
  if (state.kind !== 'existing') throw notFound('post', postId)
  return state.post
}
