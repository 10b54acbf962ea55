import { z } from 'zod'
import { strictInput } from '../../shared/strict-input.js'

export const storeCommerceToggleInput = strictInput('storeCommerceToggle', {
  enabled: z.boolean({
    error: 'enabled is required: true to sell (prices and buying), false for a catalog-only showroom',
  }),
})
export type StoreCommerceToggleInput = z.output<typeof storeCommerceToggleInput>

export type StoreCommerceToggle = { type: 'StoreCommerceToggle'; data: { storeId: string; enabled: boolean } }
