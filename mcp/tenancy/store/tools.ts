import { z } from 'zod'
import { reachableStore } from '../../../app/tenancy/store/reads.js'
import { storeViewSchema } from '../../../app/tenancy/store/view.js'
import { grants } from '../../../domain/shared/scopes.js'
import { requireStore } from '../../../app/caller.js'
import { callerOf } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'

export const storeReadTools: readonly ShopTool[] = [
  readTool({
    name: 'get_store',
    description:
      "The current store's configuration: name, locales, currency, time zone, weight unit, contact email, address, social links, SEO defaults, " +
      'and whether commerce is on. update_store changes it; toggle_store_commerce switches selling.',
    available: (scopes) => grants(scopes, 'settings:read'),
    input: z.strictObject({}),
    output: storeViewSchema,
    run(_args, call) {
      const caller = callerOf(call)
      return reachableStore(caller, requireStore(caller).id)
    },
  }),
]
