import { badInput, conflict, notFound } from '../../shared/errors.js'
import { changeEvents } from '../../shared/change-events.js'
import type { BlogEvent, BlogFields, BlogState } from './blog.js'
import type { BlogCommand } from './commands.js'

/** Pure: the answer depends on the command and the blog's history only. */
export function decideBlog(command: BlogCommand, state: BlogState): BlogEvent[] {
  switch (command.type) {
    case 'BlogCreate':
      if (state.kind !== 'empty')
        throw conflict(`blog '${command.data.blogId}' already exists; use blogUpdate to change it`)
      return [{ type: 'BlogCreated', data: { ...command.data } }]
    case 'BlogUpdate': {
      const blog = live(state, command.data.blogId)
      const { blogId } = command.data
      return changeEvents(blog, command.data, {
        title: (title) => ({ type: 'BlogRetitled', data: { blogId, title } }),
        handle: (to) => ({ type: 'BlogHandleChanged', data: { blogId, from: blog.handle, to } }),
      })
    }
    case 'BlogDelete': {
      const blog = live(state, command.data.blogId)
      const { postIds, deletePosts } = command.data
      if (postIds.length > 0 && !deletePosts) {
        throw badInput(
          ['input', 'deletePosts'],
          `blog '${blog.handle}' still has ${postIds.length} post(s); pass deletePosts: true to delete them with it, or delete them first`,
        )
      }
      return [{ type: 'BlogDeleted', data: { blogId: blog.blogId, handle: blog.handle, postIds: [...postIds] } }]
    }
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

function live(state: BlogState, blogId: string): BlogFields {
  if (state.kind !== 'existing') throw notFound('blog', blogId)
  return state.blog
}
