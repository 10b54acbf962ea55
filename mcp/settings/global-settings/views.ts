import { findSettingsGroupView } from '../../../app/settings/global-settings/reads.js'
import { settingsGroupViewSchema } from '../../../app/settings/global-settings/view.js'
import { SETTINGS_CATEGORY } from '../../../domain/settings/global-settings/streams.js'
import { resourceView } from '../../shared/view.js'

/** `update_global_settings` answers with the group it wrote; its entity id is the group name. */
export const globalSettingsView = resourceView({
  resource: SETTINGS_CATEGORY,
  readTool: 'get_global_settings',
  schema: settingsGroupViewSchema,
  find: findSettingsGroupView,
})
