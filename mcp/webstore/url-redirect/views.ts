import { URL_REDIRECT_CATEGORY } from '../../../domain/webstore/url-redirect/streams.js'
import { findUrlRedirectView } from '../../../app/webstore/url-redirect/reads.js'
import { urlRedirectViewSchema } from '../../../app/webstore/url-redirect/view.js'
import { resourceView } from '../../shared/view.js'

export const urlRedirectView = resourceView({
  resource: URL_REDIRECT_CATEGORY,
  readTool: 'get_url_redirect',
  schema: urlRedirectViewSchema,
  find: findUrlRedirectView,
})
