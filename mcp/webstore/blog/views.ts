import { BLOG_CATEGORY } from '../../../domain/webstore/blog/streams.js'
import { findBlogView } from '../../../app/webstore/blog/reads.js'
import { blogViewSchema } from '../../../app/webstore/blog/view.js'
import { resourceView } from '../../shared/view.js'

export const blogView = resourceView({
  resource: BLOG_CATEGORY,
  readTool: 'list_blogs',
  schema: blogViewSchema,
  find: findBlogView,
})
