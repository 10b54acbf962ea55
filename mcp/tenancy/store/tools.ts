import { z } from 'zod'
import { reachableStore } from '../../../app/tenancy/store/reads.js'
import { storeViewSchema } from '../../../app/tenancy/store/view.js'
import { requireStore } from '../../../app/caller.js'
import { getTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

export const storeReadTools: readonly ShopTool[] = [
  getTool({
    name: 'get_store',
    description:
      "The current store's configuration: name, locales, currency, time zone, weight unit, contact email, address, social links, SEO defaults, " +
      'and whether commerce is on. update_store changes it; toggle_store_commerce switches selling.',
    scope: 'settings:read',
    input: z.strictObject({}),
    output: storeViewSchema,
    read: (caller) => reachableStore(caller, requireStore(caller).id),
  }),
]
