import { STOREFRONT_TOKEN_CATEGORY } from '../../../domain/settings/storefront-token/streams.js'
import { findStorefrontTokenView } from '../../../app/settings/storefront-token/reads.js'
import { storefrontTokenViewSchema } from '../../../app/settings/storefront-token/view.js'
import { resourceView } from '../../shared/view.js'

export const storefrontTokenView = resourceView({
  resource: STOREFRONT_TOKEN_CATEGORY,
  readTool: 'get_storefront_token',
  schema: storefrontTokenViewSchema,
  find: findStorefrontTokenView,
})
