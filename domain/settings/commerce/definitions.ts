import { defineCommand, storeWrite } from '../../shared/command.js'
import { onStore, targetStore } from '../../tenancy/store/definitions.js'
import { STORE_CATEGORY } from '../../tenancy/store/streams.js'
import { storeCommerceToggleInput } from './commands.js'
import { commerceDecider } from './decide.js'

export const storeCommerceToggle = defineCommand({
  name: 'storeCommerceToggle',
  tool: 'toggle_store_commerce',
  description:
    'Turns selling on or off for the selected store. Off makes the store a catalog-only showroom: storefront-facing reads show no prices ' +
    'and nothing can be bought. On needs the store to have a currency. Setting the state the store already has changes nothing. Returns the store.',
  ...storeWrite(STORE_CATEGORY, 'settings:write', { decider: commerceDecider }),
  annotations: { destructive: false, idempotent: true },
  input: storeCommerceToggleInput,
  prepare(input, env) {
    const storeId = targetStore(null, env.ctx)
    return onStore(env, storeId, { type: 'StoreCommerceToggle' as const, data: { storeId, enabled: input.enabled } })
  },
})

export const commerceDefinitions = [storeCommerceToggle] as const
