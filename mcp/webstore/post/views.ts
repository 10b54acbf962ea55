import { POST_CATEGORY } from '../../../domain/webstore/post/streams.js'
import { findPostView } from '../../../app/webstore/post/reads.js'
import { postViewSchema } from '../../../app/webstore/post/view.js'
import { resourceView } from '../../shared/view.js'

export const postView = resourceView({
  resource: POST_CATEGORY,
  readTool: 'get_post',
  schema: postViewSchema,
  find: findPostView,
})
