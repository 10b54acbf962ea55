import { NEW_PUBLISHABLE, type Publishable } from '../../shared/publishable/decide.js'
import { applyPublicationChange } from '../../shared/publishable/publication.js'
import { postPublishable, type PostEvent, type PostFields } from './events.js'

/** A post stream is empty, holds a live post, or ends in a deletion (ids are never reused). */
export type PostState = { kind: 'empty' } | { kind: 'existing'; post: LivePost } | { kind: 'deleted'; postId: string }

export type LivePost = PostFields & Publishable

export const initialPostState = (): PostState => ({ kind: 'empty' })

export function evolvePost(state: PostState, event: PostEvent): PostState {
  if (event.type === 'PostCreated')
    return { kind: 'existing', post: { ...event.data, tags: [...event.data.tags], ...NEW_PUBLISHABLE } }
  if (state.kind !== 'existing') return state
  const post = state.post
  const next = (changes: Partial<LivePost>): PostState => ({ kind: 'existing', post: { ...post, ...changes } })
  if (postPublishable.is(event)) return next(applyPublicationChange(post, postPublishable.changeOf(event)))
  switch (event.type) {
    case 'PostRetitled':
      return next({ title: event.data.title })
    case 'PostHandleChanged':
      return next({ handle: event.data.to })
    case 'PostBodyChanged':
      return next({ body: event.data.body })
    case 'PostExcerptChanged':
      return next({ excerpt: event.data.excerpt })
    case 'PostAuthorChanged':
      return next({ author: event.data.author })
    case 'PostTagsChanged':
      return next({ tags: [...event.data.tags] })
    case 'PostCoverChanged':
      return next({ coverMediaId: event.data.mediaId })
    case 'PostSeoChanged':
      return next({ seo: { title: event.data.title, description: event.data.description } })
    case 'PostDeleted':
      return { kind: 'deleted', postId: post.postId }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
