import { z } from 'zod'
import { grants } from '../../../domain/shared/scopes.js'
import { readTool, type ShopTool } from '../../shared/tool.js'
import { requireStore } from '../../shared/session.js'
import { storeSchema, storeView } from './views.js'

export const storeReadTools: readonly ShopTool[] = [
  readTool({
    name: 'get_store',
    description:
      "The current store's configuration: name, locales, currency, time zone, weight unit, contact email, address, social links, SEO defaults, " +
      'and whether commerce is on. update_store changes it; toggle_store_commerce switches selling.',
    available: (scopes) => grants(scopes, 'settings:read'),
    input: z.strictObject({}),
    output: storeSchema,
    async run(_args, call) {
      const store = requireStore(call.session)
      return (await storeView.read(call.session, store.id))!
    },
  }),
]
