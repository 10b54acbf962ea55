import { THEME_CATEGORY } from '../../../domain/webstore/theme/streams.js'
import { findThemeDetail } from '../../../app/webstore/theme/reads.js'
import { themeDetailViewSchema } from '../../../app/webstore/theme/view.js'
import { resourceView } from '../../shared/view.js'

export const themeView = resourceView({
  resource: THEME_CATEGORY,
  readTool: 'get_theme',
  schema: themeDetailViewSchema,
  find: findThemeDetail,
})
