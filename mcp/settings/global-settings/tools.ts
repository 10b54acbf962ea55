import { z } from 'zod'
import { readSettingsGroups } from '../../../app/settings/global-settings/reads.js'
import { settingsGroupViewSchema } from '../../../app/settings/global-settings/view.js'
import { grants } from '../../../domain/shared/scopes.js'
import { callerOf } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'

export const globalSettingsReadTools: readonly ShopTool[] = [
  readTool({
    name: 'get_global_settings',
    description:
      "The current store's global settings by group (checkout, analytics, social, legal, maintenance), each with its values and schema " +
      'version; groups never changed show their defaults. update_global_settings changes one group.',
    available: (scopes) => grants(scopes, 'settings:read'),
    input: z.strictObject({}),
    output: z.object({ groups: z.array(settingsGroupViewSchema) }),
    async run(_args, call) {
      return { groups: Object.values(await readSettingsGroups(callerOf(call))) }
    },
  }),
]
