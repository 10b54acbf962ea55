import { z } from 'zod'
import { readSettingsGroups } from '../../../app/settings/global-settings/reads.js'
import { settingsGroupViewSchema } from '../../../app/settings/global-settings/view.js'
import { getTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

export const globalSettingsReadTools: readonly ShopTool[] = [
  getTool({
    name: 'get_global_settings',
    description:
      "The current store's global settings by group (checkout, analytics, social, legal, maintenance), each with its values and schema " +
      'version; groups never changed show their defaults. update_global_settings changes one group.',
    scope: 'settings:read',
    input: z.strictObject({}),
    output: z.object({ groups: z.array(settingsGroupViewSchema) }),
    read: async (caller) => ({ groups: Object.values(await readSettingsGroups(caller)) }),
  }),
]
