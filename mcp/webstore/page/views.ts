import { PAGE_CATEGORY } from '../../../domain/webstore/page/streams.js'
import { findPageView } from '../../../app/webstore/page/reads.js'
import { pageViewSchema } from '../../../app/webstore/page/view.js'
import { resourceView } from '../../shared/view.js'

export const pageView = resourceView({
  resource: PAGE_CATEGORY,
  readTool: 'get_page',
  schema: pageViewSchema,
  find: findPageView,
})
