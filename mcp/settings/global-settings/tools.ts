import { z } from 'zod'
import { grants } from '../../../domain/shared/scopes.js'
import { readGlobalSettings } from '../../../projections/settings/global-settings/queries.js'
import { readTool, type ShopTool } from '../../shared/tool.js'
import { requireStore } from '../../shared/session.js'
import { groupJson, groupSchema } from './views.js'

export const globalSettingsReadTools: readonly ShopTool[] = [
  readTool({
    name: 'get_global_settings',
    description:
      "The current store's global settings by group (checkout, analytics, social, legal, maintenance), each with its values and schema " +
      'version; groups never changed show their defaults. update_global_settings changes one group.',
    available: (scopes) => grants(scopes, 'settings:read'),
    input: z.strictObject({}),
    output: z.object({ groups: z.array(groupSchema) }),
    async run(_args, call) {
      const groups = await readGlobalSettings(call.session.platform.database.db, requireStore(call.session).id)
      return { groups: Object.values(groups).map(groupJson) }
    },
  }),
]
