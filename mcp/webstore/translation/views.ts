import { TRANSLATION_CATEGORY } from '../../../domain/webstore/translation/streams.js'
import { findTranslatableResourceView } from '../../../app/webstore/translation/reads.js'
import { translatableResourceViewSchema } from '../../../app/webstore/translation/view.js'
import { resourceView } from '../../shared/view.js'

export const translationView = resourceView({
  resource: TRANSLATION_CATEGORY,
  readTool: 'get_translatable_resource',
  schema: translatableResourceViewSchema,
  find: findTranslatableResourceView,
})
