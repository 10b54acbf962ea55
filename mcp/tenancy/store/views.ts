import { findStoreView } from '../../../app/tenancy/store/reads.js'
import { storeViewSchema } from '../../../app/tenancy/store/view.js'
import { STORE_CATEGORY } from '../../../domain/tenancy/store/streams.js'
import { resourceView } from '../../shared/view.js'

export const storeView = resourceView({
  resource: STORE_CATEGORY,
  readTool: 'get_store',
  schema: storeViewSchema,
  find: findStoreView,
})
