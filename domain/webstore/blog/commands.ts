import { z } from 'zod'
import { strictInput } from '../../shared/strict-input.js'
import { entityId, titleInput } from '../../shared/input-types.js'
import { handleInput } from '../../shared/publishable/handle.js'
import type { BlogFields } from './blog.js'

const title = titleInput().describe('The blog title, e.g. "News".')
const handle = handleInput('news', 'the store').nullish()

export const blogCreateInput = strictInput('blogCreate', { title, handle })
export const blogUpdateInput = strictInput('blogUpdate', {
  id: entityId('blog').describe('The blog id returned by create_blog.'),
  title: title.nullish(),
  handle,
})
export const blogDeleteInput = strictInput('blogDelete', {
  id: entityId('blog'),
  deletePosts: z
    .boolean({ error: 'deletePosts must be true or false' })
    .nullish()
    .describe("Delete the blog's posts with it. Without it, a blog that still has posts is not deleted."),
})

export type BlogCreate = { type: 'BlogCreate'; data: BlogFields }
export type BlogUpdate = { type: 'BlogUpdate'; data: { blogId: string; title?: string; handle?: string } }
/** `postIds`: the blog's posts as the posts read model knows them when the command is prepared. */
export type BlogDelete = { type: 'BlogDelete'; data: { blogId: string; deletePosts: boolean; postIds: string[] } }

export type BlogCommand = BlogCreate | BlogUpdate | BlogDelete
